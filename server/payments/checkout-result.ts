import "server-only";
import Stripe from "stripe";
import { checkoutSessionIdSchema } from "@/lib/payments/checkout-schemas";
import { orderEmailsStatus, type CheckoutResult } from "@/lib/payments/checkout-result-schema";
import { getCohortSummary } from "../db/cohorts/cohort-queries";
import { orderEmailState } from "../email/outbox";
import { log } from "../log";
import { fulfilCheckoutSessionById } from "./fulfilment";

/**
 * What /payment-success shows for a session id from its URL. The session is read from Stripe and
 * fulfilled (so a lost webhook loses nothing); only a session that belongs to one of our orders
 * and is paid shows success, and the page gets the plan and cohort, never the buyer's details.
 * The order's emails are sent by a job (D16): the page says whether they are still on their way,
 * and a paid order shows as paid whatever they do.
 */
export async function checkoutResult(sessionId: string | undefined): Promise<CheckoutResult> {
  if (!sessionId) return { status: "failed", reason: "missing" };
  if (!checkoutSessionIdSchema.safeParse(sessionId).success) return { status: "failed", reason: "invalid" };
  try {
    const outcome = await fulfilCheckoutSessionById(sessionId);
    if (outcome.status === "unknown") return { status: "failed", reason: "invalid" };
    if (outcome.status === "pending") return { status: "processing" };
    // A replaced checkout's payment was refunded (the buyer has an email saying so): not a success.
    if (outcome.status !== "paid" || !["paid", "refunded"].includes(outcome.order.status)) return { status: "failed", reason: "unpaid" };
    const [cohort, emails] = await Promise.all([getCohortSummary(outcome.order.cohortId), orderEmailState(outcome.order.id)]);
    return {
      status: "paid",
      planName: outcome.order.planName,
      cohort: cohort
        ? { name: cohort.name, startsAt: cohort.startsAt?.toISOString() ?? null, endsAt: cohort.endsAt?.toISOString() ?? null }
        : null,
      emails: orderEmailsStatus(emails),
    };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
      return { status: "failed", reason: "invalid" };
    log.error("Could not verify a checkout session", { sessionId, error });
    return { status: "failed", reason: "error" };
  }
}
