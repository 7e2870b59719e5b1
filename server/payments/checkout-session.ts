import "server-only";
import Stripe from "stripe";
import { COHORT_FULL_MESSAGE, COHORT_STARTED_MESSAGE, isOpenForEnrolment } from "@/lib/cohort-rules";
import { PAYMENT_SETUP_FAILED } from "@/lib/enrolment/enrolment-messages";
import { checkoutAmounts, checkoutLines, type CheckoutLine } from "@/lib/checkout-lines";
import { PLANS, type PlanDefinition } from "@/lib/plans";
import { publicEnv } from "@/lib/public-env";
import { COUPON_INVALID_MESSAGE, type ParsedCheckoutSessionRequest } from "@/lib/schemas/checkout";
import { db } from "../db/client";
import { attachCheckoutSession, insertPendingOrder } from "../db/orders";
import type { TransactionSql } from "postgres";
import { getCohortSummary } from "../db/cohorts";
import { listMemberLiveSeats, lockMemberSeats } from "../db/member-seats";
import {
  insertHeldSeat,
  releaseHeldSeat,
  releaseLapsedHolds,
  takeProspectivePlace,
} from "../db/seats";
import { ApiError } from "../http/api-error";
import { log } from "../log";
import { attributeOrder } from "../referrals/attribution";
import { checkoutMetadata } from "./checkout-metadata";
import { abandonCheckout, closeUnpaidOrder } from "./fulfilment";
import { paymentProviderError } from "./payment-errors";
import { findActivePromotionCode, type ActivePromotionCode } from "./promotion-code";
import { stripe } from "./stripe-client";
import { salesTaxRateId } from "./tax-rate";

// D3: Stripe expires the session after 30 minutes; the seat is held a little longer so a payment
// completed in the last second still finds its seat when the webhook arrives.
export const CHECKOUT_EXPIRY_SECONDS = 30 * 60;
const HOLD_GRACE_SECONDS = 5 * 60;


export type Buyer = { userId: string; email: string | null } | null;
export type CheckoutSessionCreated = { sessionUrl: string; sessionId: string };

function invalid(path: string, message: string): ApiError {
  return new ApiError("validation_failed", message, { details: [{ path, message }] });
}

/** successUrl and cancelUrl must stay on this site: no open redirect through Stripe. */
function assertOnSite(request: ParsedCheckoutSessionRequest): void {
  const site = new URL(publicEnv.siteUrl).origin;
  for (const field of ["successUrl", "cancelUrl"] as const) {
    if (new URL(request[field]).origin !== site) throw invalid(field, `${field} must be an address on ${site}.`);
  }
}

async function promotionFor(couponCode: string | undefined): Promise<ActivePromotionCode | null> {
  if (!couponCode) return null;
  const promotion = await findActivePromotionCode(couponCode).catch((error: unknown) => {
    throw paymentProviderError(error);
  });
  if (!promotion) throw invalid("couponCode", COUPON_INVALID_MESSAGE);
  return promotion;
}

function stripeLineItems(lines: CheckoutLine[], taxRateId: string): Stripe.Checkout.SessionCreateParams.LineItem[] {
  return lines.map((line) => ({
    quantity: 1,
    tax_rates: [taxRateId],
    price_data: {
      currency: "usd",
      unit_amount: line.amountCents,
      product_data: { name: line.name },
      ...(line.recurring ? { recurring: { interval: line.recurring.interval, interval_count: line.recurring.intervalCount } } : {}),
    },
  }));
}

/**
 * A signed-in buyer has one seat per cohort: already enrolled there is a 409; a hold from an
 * earlier checkout of theirs (another tab, a double click) is given back so the new one can take it.
 */
async function clearBuyersOwnHold(tx: TransactionSql, userId: string, cohortId: string): Promise<void> {
  await lockMemberSeats(tx, userId);
  for (const seat of await listMemberLiveSeats(tx, userId, true)) {
    if (seat.cohortId !== cohortId) continue;
    if (seat.status === "enrolled") throw new ApiError("conflict", "You are already enrolled in this cohort.");
    await releaseHeldSeat(tx, seat.id);
  }
}

/** Holds a seat and records the pending order in one transaction (D3); throws 409/422 when it can't. */
async function holdSeatForOrder(
  plan: PlanDefinition,
  request: ParsedCheckoutSessionRequest,
  buyer: Buyer,
  promotion: ActivePromotionCode | null,
  holdExpiresAt: Date,
): Promise<string> {
  const lines = checkoutLines(plan, request.hasCGM);
  return db().begin(async (tx) => {
    await releaseLapsedHolds(tx, request.cohortId);
    const cohort = await getCohortSummary(request.cohortId, tx);
    if (!cohort) throw invalid("cohortId", "This cohort does not exist.");
    if (!isOpenForEnrolment(cohort, new Date())) {
      throw invalid("cohortId", COHORT_STARTED_MESSAGE);
    }
    if (buyer) await clearBuyersOwnHold(tx, buyer.userId, cohort.id);
    if (!(await takeProspectivePlace(tx, cohort.id))) throw new ApiError("cohort_full", COHORT_FULL_MESSAGE);
    const orderId = await insertPendingOrder(tx, {
      email: buyer?.email ?? null,
      userId: buyer?.userId ?? null,
      planType: plan.type,
      planName: plan.name,
      hasCgm: request.hasCGM,
      cohortId: cohort.id,
      amounts: { currency: "usd", ...checkoutAmounts(lines, promotion?.discount ?? null) },
      couponCode: promotion?.code ?? null,
      stripePromotionCodeId: promotion?.id ?? null,
      referralId: request.referralId ?? null,
      utm: Object.fromEntries(
        (["utmSource", "utmMedium", "utmCampaign", "utmTerm", "utmContent"] as const).flatMap((k) => (request[k] ? [[k, request[k]]] : [])),
      ),
      referrerUrl: request.referrerUrl ?? null,
      userInfo: request.metadata.user_info,
      questionnaire: request.metadata.questionnaire ?? null,
      source: request.metadata.source ?? null,
    });
    await insertHeldSeat(tx, { cohortId: cohort.id, orderId, userId: buyer?.userId ?? null, email: buyer?.email ?? null, holdExpiresAt });
    return orderId;
  });
}

/**
 * POST /api/payment/create-checkout-session: validates the coupon, holds a seat, records the
 * order and opens a Stripe Checkout session in subscription mode (D1–D3).
 */
export async function createCheckoutSession(
  request: ParsedCheckoutSessionRequest,
  buyer: Buyer,
  visitorId: string | null = null,
): Promise<CheckoutSessionCreated> {
  assertOnSite(request);
  const plan = PLANS.find((p) => p.type === request.planType)!;
  const promotion = await promotionFor(request.couponCode);
  const taxRateId = await salesTaxRateId().catch((error: unknown) => {
    throw paymentProviderError(error);
  });
  // Stripe accepts 30 minutes at the least, measured on its own clock: a minute's margin.
  if (request.previousSessionId) await abandonCheckout(request.previousSessionId);
  const expiresAt = Math.floor(Date.now() / 1000) + CHECKOUT_EXPIRY_SECONDS + 60;
  const orderId = await holdSeatForOrder(plan, request, buyer, promotion, new Date((expiresAt + HOLD_GRACE_SECONDS) * 1000));
  await attributeOrder(orderId, { buyer, referralId: request.referralId ?? null, promotionCodeId: promotion?.id ?? null, visitorId });

  let session: Stripe.Checkout.Session;
  try {
    const metadata = checkoutMetadata(orderId, plan, request);
    session = await stripe().checkout.sessions.create(
      {
        mode: "subscription",
        line_items: stripeLineItems(checkoutLines(plan, request.hasCGM), taxRateId),
        ...(promotion ? { discounts: [{ promotion_code: promotion.id }] } : {}),
        client_reference_id: orderId,
        ...(buyer?.email ? { customer_email: buyer.email } : {}),
        metadata,
        subscription_data: { metadata: { order_id: orderId, plan_type: plan.type, plan_name: plan.name } },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        expires_at: expiresAt,
      },
      { idempotencyKey: `checkout-session-${orderId}` },
    );
  } catch (error) {
    await closeUnpaidOrder(orderId, "failed").catch((cleanup: unknown) => log.error("Could not release a failed checkout's seat", { orderId, error: cleanup }));
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.param?.startsWith("discounts")) {
      throw invalid("couponCode", COUPON_INVALID_MESSAGE);
    }
    throw paymentProviderError(error);
  }
  if (!session.url) {
    await closeUnpaidOrder(orderId, "failed");
    throw new ApiError("payment_provider_error", PAYMENT_SETUP_FAILED);
  }
  await attachCheckoutSession(orderId, session.id, {
    currency: session.currency ?? "usd",
    subtotalCents: session.amount_subtotal ?? 0,
    discountCents: session.total_details?.amount_discount ?? 0,
    taxCents: session.total_details?.amount_tax ?? 0,
    totalCents: session.amount_total ?? 0,
  });
  return { sessionUrl: session.url, sessionId: session.id };
}
