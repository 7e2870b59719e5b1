import "server-only";
import Stripe from "stripe";
import { serverEnv } from "../env";
import { stripe } from "../payments/stripe-client";

const stripeErrorCode = (error: unknown) => (error instanceof Stripe.errors.StripeError ? error.code : undefined);

/**
 * D5: the coupon behind every affiliate's promotion code: a percentage off the buyer's first
 * payment (AFFILIATE_COUPON_PERCENT_OFF, 10 by default). Its id names the percentage, so changing
 * the setting makes a new coupon for new codes and leaves the codes already given out alone.
 */
async function affiliateCouponId(): Promise<string> {
  const percentOff = serverEnv().AFFILIATE_COUPON_PERCENT_OFF;
  const id = `affiliate-first-payment-${percentOff}pct`;
  try {
    return (await stripe().coupons.retrieve(id)).id;
  } catch (error) {
    if (stripeErrorCode(error) !== "resource_missing") throw error;
  }
  try {
    await stripe().coupons.create(
      { id, percent_off: percentOff, duration: "once", name: `Friend's discount ${percentOff}%`, metadata: { purpose: "affiliate" } },
      { idempotencyKey: `affiliate-coupon-${id}` },
    );
  } catch (error) {
    // Another request made it first.
    if (stripeErrorCode(error) !== "resource_already_exists") throw error;
  }
  return id;
}

/**
 * Creates the affiliate's Stripe promotion code (their coupon code) and returns its id. Concurrent
 * first requests send the same Idempotency-Key and parameters, so Stripe makes one code and
 * answers each of them with it; after the key has expired, a code already made for this member
 * is found by its code and taken over.
 */
export async function createAffiliatePromotionCode(userId: string, couponCode: string): Promise<string> {
  const coupon = await affiliateCouponId();
  try {
    const promotion = await stripe().promotionCodes.create(
      { promotion: { type: "coupon", coupon }, code: couponCode, metadata: { affiliate_user_id: userId } },
      { idempotencyKey: `affiliate-promotion-${userId}-${coupon}` },
    );
    return promotion.id;
  } catch (error) {
    if (stripeErrorCode(error) !== "resource_already_exists") throw error;
    const { data } = await stripe().promotionCodes.list({ code: couponCode, active: true, limit: 10 });
    const mine = data.find((promotion) => promotion.metadata?.affiliate_user_id === userId);
    if (!mine) throw error;
    return mine.id;
  }
}
