import "server-only";
import Stripe from "stripe";
import { COHORT_FULL_MESSAGE, isOpenForEnrolment, notOpenMessage } from "@/lib/cohorts/cohort-change-rules";
import { emailIdentity } from "@/lib/email/email-address";
import { PAYMENT_SETUP_FAILED } from "@/lib/enrolment/enrolment-messages";
import { checkoutAmounts, checkoutLines } from "@/lib/payments/checkout-lines";
import { PLANS, type PlanDefinition } from "@/lib/pricing/plans";
import { publicEnv } from "@/lib/public-env";
import { WAITLIST_CLAIM_NOT_YOURS } from "@/lib/waitlist/waitlist-schemas";
import { COUPON_INVALID_MESSAGE, type CheckoutSessionCreated, type ParsedCheckoutSessionRequest } from "@/lib/payments/checkout-schemas";
import { db } from "../db/client";
import { attachCheckoutSession, type NewOrder } from "../db/payments/orders";
import { placePendingOrder } from "../db/payments/pending-orders";
import { getCohortSummary } from "../db/cohorts/cohort-queries";
import { ApiError } from "../http/api-error";
import { log } from "../log";
import { attributeOrder } from "../referrals/attribution";
import { checkoutClearance, type CheckoutClearance } from "../safety-clearance/checkout-clearance";
import { offerFreePlaces } from "../waitlist/offer-free-places";
import { placeClaimOrder } from "../waitlist/offer-claim";
import {
  expireReplacedSessions,
  newCheckoutSecret,
  replaceableOrder,
  replaceCheckout,
  replaceMembersCheckouts,
  type ReplacedCheckout,
} from "./checkout-replacement";
import { checkoutSessionParams } from "./checkout-session-params";
import { closeUnpaidOrder } from "./fulfilment";
import { paymentProviderError } from "./payment-errors";
import { findActivePromotionCode, type ActivePromotionCode } from "./promotion-code";
import { stripe } from "./stripe-client";
import { salesTaxRateId } from "./tax-rate";

// A buyer's checkout: the coupon, the seat hold and the pending order, then the Stripe session it opens.

// D3: Stripe expires the session after 30 minutes; the seat is held a little longer so a payment
// completed in the last second still finds its seat when the webhook arrives.
export const CHECKOUT_EXPIRY_SECONDS = 30 * 60;
const HOLD_GRACE_SECONDS = 5 * 60;

export type Buyer = { userId: string; email: string | null } | null;

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

type NewCheckout = {
  plan: PlanDefinition;
  request: ParsedCheckoutSessionRequest;
  buyer: Buyer;
  promotion: ActivePromotionCode | null;
  holdExpiresAt: Date;
  /** The buyer's own open checkout this one replaces (proven by replaceableOrder). */
  replacing: string | null;
  sessionSecretHash: string;
  clearance: CheckoutClearance | null;
};

/**
 * Records the pending order and, while the cohort's hold budget allows, holds a seat for it (D3),
 * in one transaction; a checkout beyond the budget goes ahead without a hold and takes a seat if
 * one is still free when it is paid. Throws 409/422 when the cohort cannot be bought at all.
 */
async function recordPendingOrder(c: NewCheckout): Promise<{ orderId: string; replacedSessions: string[]; claimEmail: string | null }> {
  const { plan, request, buyer, promotion } = c;
  const lines = checkoutLines(plan, request.hasCGM);
  return db().begin(async (tx) => {
    // Orders before cohorts, the order fulfilment takes its locks in.
    const replaced: ReplacedCheckout[] = [];
    const previous = c.replacing ? await replaceCheckout(tx, c.replacing) : null;
    if (previous) replaced.push(previous);
    if (buyer) replaced.push(...(await replaceMembersCheckouts(tx, buyer.userId, request.cohortId)));
    // Lapsed holds are released by the lapsed-seat-holds job (every minute), which asks Stripe
    // first: a checkout must not expire an order whose payment Stripe has taken and we have not heard of.
    const cohort = await getCohortSummary(request.cohortId, tx);
    if (!cohort) throw invalid("cohortId", "This cohort does not exist.");
    if (!isOpenForEnrolment(cohort, new Date())) {
      throw invalid("cohortId", notOpenMessage(cohort));
    }
    const order: NewOrder = {
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
      sessionSecretHash: c.sessionSecretHash,
      safetyClearanceId: c.clearance?.id ?? null,
    };
    let orderId: string;
    let claimEmail: string | null = null;
    if (request.waitlistClaimToken) {
      // D17: a claim link's checkout pays for the seat held for its offer, for the waitlisted address.
      const claimed = await placeClaimOrder(tx, request.waitlistClaimToken, order, c.holdExpiresAt);
      if (c.clearance && emailIdentity(c.clearance.email) !== emailIdentity(claimed.email)) {
        throw new ApiError("forbidden", WAITLIST_CLAIM_NOT_YOURS, {
          details: [{ path: "waitlistClaimToken", message: WAITLIST_CLAIM_NOT_YOURS }],
        });
      }
      replaced.push(...claimed.replaced);
      orderId = claimed.orderId;
      claimEmail = claimed.email;
    } else {
      const placed = await placePendingOrder(tx, order, c.holdExpiresAt);
      if (!placed.open) throw new ApiError("cohort_full", COHORT_FULL_MESSAGE);
      orderId = placed.orderId;
    }
    // A replaced checkout's place that the new one did not take again goes to the waitlist.
    for (const cohortId of new Set(replaced.flatMap((r) => (r.freedCohortId ? [r.freedCohortId] : []))))
      await offerFreePlaces(tx, cohortId);
    return { orderId, replacedSessions: replaced.flatMap((r) => (r.sessionId ? [r.sessionId] : [])), claimEmail };
  });
}

/**
 * The request as the order and Stripe keep it: the clearance's pass is a credential, so it is
 * neither stored nor sent on (the order keeps which clearance it was bought under instead).
 */
function withoutClearancePass(request: ParsedCheckoutSessionRequest): ParsedCheckoutSessionRequest {
  const answers = { ...request.metadata.user_info.safetyScreen };
  delete answers.clearance;
  return { ...request, metadata: { ...request.metadata, user_info: { ...request.metadata.user_info, safetyScreen: answers } } };
}

/**
 * POST /api/payment/create-checkout-session: validates the coupon, holds a seat (within the hold
 * budget), replaces the buyer's own earlier checkout, records the
 * order and opens a Stripe Checkout session in subscription mode (D1–D3).
 */
export async function createCheckoutSession(
  asked: ParsedCheckoutSessionRequest,
  buyer: Buyer,
  visitorId: string | null = null,
): Promise<CheckoutSessionCreated> {
  assertOnSite(asked);
  // The safety screen's gate, before anything is written: a 'yes' needs a recorded clearance.
  const clearance = await checkoutClearance(asked.metadata.user_info.safetyScreen, buyer);
  const request = withoutClearancePass(asked);
  const plan = PLANS.find((p) => p.type === request.planType)!;
  const promotion = await promotionFor(request.couponCode);
  const taxRateId = await salesTaxRateId().catch((error: unknown) => {
    throw paymentProviderError(error);
  });
  const replacing = request.previousSessionId
    ? await replaceableOrder(request.previousSessionId, request.previousSessionSecret, buyer)
    : null;
  // Stripe accepts 30 minutes at the least, measured on its own clock: a minute's margin.
  const expiresAt = Math.floor(Date.now() / 1000) + CHECKOUT_EXPIRY_SECONDS + 60;
  const secret = newCheckoutSecret();
  const holdExpiresAt = new Date((expiresAt + HOLD_GRACE_SECONDS) * 1000);
  const { orderId, replacedSessions, claimEmail } = await recordPendingOrder({
    plan,
    request,
    buyer,
    promotion,
    holdExpiresAt,
    replacing,
    sessionSecretHash: secret.hash,
    clearance,
  });
  await expireReplacedSessions(replacedSessions);
  await attributeOrder(orderId, { buyer, referralId: request.referralId ?? null, promotionCodeId: promotion?.id ?? null, visitorId });

  let session: Stripe.Checkout.Session;
  try {
    const params = checkoutSessionParams({
      orderId,
      plan,
      request,
      promotion,
      taxRateId,
      buyerEmail: buyer?.email ?? null,
      claimEmail,
      clearance,
      expiresAt,
    });
    session = await stripe().checkout.sessions.create(params, { idempotencyKey: `checkout-session-${orderId}` });
  } catch (error) {
    await closeUnpaidOrder(orderId, "failed").catch((cleanup: unknown) =>
      log.error("Could not release a failed checkout's seat", { orderId, error: cleanup }),
    );
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.param?.startsWith("discounts")) {
      throw invalid("couponCode", COUPON_INVALID_MESSAGE);
    }
    throw paymentProviderError(error);
  }
  if (!session.url) {
    await closeUnpaidOrder(orderId, "failed");
    throw new ApiError("payment_provider_error", PAYMENT_SETUP_FAILED);
  }
  const attached = await attachCheckoutSession(orderId, session.id, {
    currency: session.currency ?? "usd",
    subtotalCents: session.amount_subtotal ?? 0,
    discountCents: session.total_details?.amount_discount ?? 0,
    taxCents: session.total_details?.amount_tax ?? 0,
    totalCents: session.amount_total ?? 0,
  });
  // A newer checkout of the same member replaced this one while it was being opened.
  if (attached === "replaced") await expireReplacedSessions([session.id]);
  if (attached === "closed") {
    // Stripe answered so late that the order's hold was released as abandoned (server/scheduled/
    // lapsed-seat-holds.ts): its seat may be someone else's now. The address of the hosted page
    // never leaves this process, so nobody can pay the session; it is expired at Stripe as well.
    await stripe()
      .checkout.sessions.expire(session.id)
      .catch((error: unknown) =>
        log.warn("An abandoned checkout's late session could not be expired; its address was never handed out", { orderId, error }),
      );
    throw new ApiError("payment_provider_error", PAYMENT_SETUP_FAILED);
  }
  return { sessionUrl: session.url, sessionId: session.id, sessionSecret: secret.secret };
}
