import type { CouponObject, JsonObject, PromotionCodeObject } from "./stripe-objects";
import type { StripeStore } from "./stripe-store";

/** A coupon can be redeemed until `redeem_by` or `max_redemptions`, whichever comes first. */
export function couponValid(coupon: CouponObject, nowSeconds: number): boolean {
  if (coupon.redeem_by !== null && nowSeconds >= coupon.redeem_by) return false;
  return coupon.max_redemptions === null || coupon.times_redeemed < coupon.max_redemptions;
}

/** "A promotion code is only active if the coupon is also valid", and only until it expires or is used up. */
export function promotionCodeActive(code: PromotionCodeObject, store: StripeStore, nowSeconds: number): boolean {
  const coupon = store.coupons.get(code.promotion.coupon);
  if (!code.active || !coupon || !couponValid(coupon, nowSeconds)) return false;
  if (code.expires_at !== null && nowSeconds >= code.expires_at) return false;
  return code.max_redemptions === null || code.times_redeemed < code.max_redemptions;
}

/** The object as the API shows it now: fields that depend on the clock are computed at read time. */
export function present(object: JsonObject, store: StripeStore, nowSeconds: number): JsonObject {
  if (object.object === "coupon") {
    const coupon = store.coupons.get(String(object.id));
    if (coupon) return { ...coupon, valid: couponValid(coupon, nowSeconds) };
  }
  if (object.object === "promotion_code") {
    const code = store.promotionCodes.get(String(object.id));
    if (code) return { ...code, active: promotionCodeActive(code, store, nowSeconds) };
  }
  return object;
}
