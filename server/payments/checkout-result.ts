import "server-only";
import Stripe from "stripe";
import { getCohortSummary } from "../db/cohort-queries";
import { log } from "../log";
import { fulfilCheckoutSessionById } from "./fulfilment";

const SESSION_ID = /^cs_(test|live)_[A-Za-z0-9]{10,250}$/;

export type CheckoutResult =
  | { status: "paid"; planName: string; cohort: { name: string; startsAt: string | null; endsAt: string | null } | null }
  | { status: "processing" }
  | { status: "failed"; reason: "missing" | "invalid" | "unpaid" | "error" };

/**
 * What /payment-success shows for a session id from its URL. The session is read from Stripe and
 * fulfilled (so a lost webhook loses nothing); only a session that belongs to one of our orders
 * and is paid shows success, and the page gets the plan and cohort, never the buyer's details.
 */
export async function checkoutResult(sessionId: string | undefined): Promise<CheckoutResult> {
  if (!sessionId) return { status: "failed", reason: "missing" };
  if (!SESSION_ID.test(sessionId)) return { status: "failed", reason: "invalid" };
  try {
    const outcome = await fulfilCheckoutSessionById(sessionId);
    if (outcome.status === "unknown") return { status: "failed", reason: "invalid" };
    if (outcome.status === "pending") return { status: "processing" };
    // A replaced checkout's payment was refunded (the buyer has an email saying so): not a success.
    if (outcome.status !== "paid" || !["paid", "refunded"].includes(outcome.order.status)) return { status: "failed", reason: "unpaid" };
    const cohort = await getCohortSummary(outcome.order.cohortId);
    return {
      status: "paid",
      planName: outcome.order.planName,
      cohort: cohort ? { name: cohort.name, startsAt: cohort.startsAt?.toISOString() ?? null, endsAt: cohort.endsAt?.toISOString() ?? null } : null,
    };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return { status: "failed", reason: "invalid" };
    log.error("Could not verify a checkout session", { sessionId, error });
    return { status: "failed", reason: "error" };
  }
}
