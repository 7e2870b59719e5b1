import "server-only";
import type Stripe from "stripe";
import type { CheckoutDiscount } from "@/lib/payments/checkout-lines";
import { stripe } from "./stripe-client";

export type ActivePromotionCode = { id: string; code: string; discount: CheckoutDiscount };

async function couponOf(promotion: Stripe.PromotionCode): Promise<Stripe.Coupon | null> {
  const coupon = promotion.promotion?.coupon;
  if (!coupon) return null;
  return typeof coupon === "string" ? stripe().coupons.retrieve(coupon) : coupon;
}

/**
 * D5: a coupon code is a Stripe promotion code. Only an active code whose coupon is still valid
 * counts; anything else is null, so checkout never silently charges full price for a typo.
 */
export async function findActivePromotionCode(code: string): Promise<ActivePromotionCode | null> {
  const { data } = await stripe().promotionCodes.list({ code, active: true, limit: 1 });
  const promotion = data[0];
  if (!promotion) return null;
  const now = Date.now() / 1000;
  if (promotion.expires_at !== null && promotion.expires_at <= now) return null;
  if (promotion.max_redemptions !== null && promotion.times_redeemed >= promotion.max_redemptions) return null;
  const coupon = await couponOf(promotion);
  if (!coupon?.valid) return null;
  return {
    id: promotion.id,
    code: promotion.code,
    discount: { percentOff: coupon.percent_off, amountOffCents: coupon.currency === "usd" ? coupon.amount_off : null },
  };
}
