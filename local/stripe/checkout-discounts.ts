import { couponValid, promotionCodeActive } from "./present";
import { seconds, type StripeContext } from "./stripe-context";
import { invalidRequest, noSuch } from "./stripe-error";
import type { CouponObject, PromotionCodeObject, SessionDiscount } from "./stripe-objects";

export type AppliedDiscount = { coupon: CouponObject; promotionCode: PromotionCodeObject | null };
type Purchase = { customer: string | null; subtotal: number; currency: string };

const PROMO_REFUSED = "This promotion code cannot be redeemed because";

function customerHasPaid(ctx: StripeContext, customer: string): boolean {
  return ctx.store.charges.all().some((charge) => charge.customer === customer && charge.status === "succeeded");
}

function checkCoupon(ctx: StripeContext, coupon: CouponObject, purchase: Purchase, param: string): void {
  if (!couponValid(coupon, seconds(ctx))) throw invalidRequest(`Coupon expired: ${coupon.id}`, param, "coupon_expired");
  if (coupon.amount_off !== null && coupon.currency !== purchase.currency) {
    throw invalidRequest(
      `The coupon ${coupon.id} is in ${coupon.currency ?? "no currency"}, but this purchase is in ${purchase.currency}.`,
      param,
    );
  }
}

function checkPromotionCode(ctx: StripeContext, code: PromotionCodeObject, coupon: CouponObject, purchase: Purchase, param: string): void {
  const now = seconds(ctx);
  if (!code.active) throw invalidRequest("This promotion code is not active.", param);
  if (code.expires_at !== null && now >= code.expires_at) throw invalidRequest(`${PROMO_REFUSED} it has expired.`, param);
  if (code.max_redemptions !== null && code.times_redeemed >= code.max_redemptions) {
    throw invalidRequest(`${PROMO_REFUSED} it has been used the maximum number of times.`, param);
  }
  if (!promotionCodeActive(code, ctx.store, now)) throw invalidRequest(`${PROMO_REFUSED} the associated coupon is no longer valid.`, param);
  if (code.customer && code.customer !== purchase.customer)
    throw invalidRequest(`${PROMO_REFUSED} it is restricted to another customer.`, param);
  const { minimum_amount: minimum, minimum_amount_currency: minimumCurrency } = code.restrictions;
  if (minimum !== null && (minimumCurrency !== purchase.currency || purchase.subtotal < minimum)) {
    throw invalidRequest(`${PROMO_REFUSED} the associated purchase does not meet the minimum amount requirement.`, param);
  }
  if (code.restrictions.first_time_transaction && purchase.customer && customerHasPaid(ctx, purchase.customer)) {
    throw invalidRequest(`${PROMO_REFUSED} the associated customer has prior transactions.`, param);
  }
  checkCoupon(ctx, coupon, purchase, param);
}

/** Resolves one `discounts[]` entry (`{coupon}` or `{promotion_code}`), answering Stripe's 400s for unusable ones. */
export function resolveDiscount(
  ctx: StripeContext,
  entry: { coupon?: string; promotionCode?: string },
  param: string,
  purchase: Purchase,
): AppliedDiscount {
  if (entry.promotionCode !== undefined) {
    const codeParam = `${param}[promotion_code]`;
    const code = ctx.store.promotionCodes.get(entry.promotionCode);
    if (!code) throw noSuch("promotion_code", entry.promotionCode, codeParam);
    const coupon = ctx.store.coupons.get(code.promotion.coupon);
    if (!coupon) throw invalidRequest(`${PROMO_REFUSED} the associated coupon is no longer valid.`, codeParam);
    checkPromotionCode(ctx, code, coupon, purchase, codeParam);
    return { coupon, promotionCode: code };
  }
  const couponParam = `${param}[coupon]`;
  const coupon = ctx.store.coupons.get(entry.coupon ?? "");
  if (!coupon) throw noSuch("coupon", entry.coupon ?? "", couponParam);
  checkCoupon(ctx, coupon, purchase, couponParam);
  return { coupon, promotionCode: null };
}

/** The discount a session carries, re-validated (a code can be deactivated or used up while the page is open). */
export function currentDiscount(ctx: StripeContext, discounts: SessionDiscount[], purchase: Purchase): AppliedDiscount | null {
  const entry = discounts[0];
  if (!entry) return null;
  return entry.promotion_code
    ? resolveDiscount(ctx, { promotionCode: entry.promotion_code }, "discounts[0]", purchase)
    : resolveDiscount(ctx, { coupon: entry.coupon }, "discounts[0]", purchase);
}

/** A customer-entered code on the hosted page: matched case-insensitively among active codes, as Checkout does. */
export function promotionCodeByCode(ctx: StripeContext, code: string): PromotionCodeObject | undefined {
  const now = seconds(ctx);
  const wanted = code.trim().toLowerCase();
  const matches = ctx.store.promotionCodes.newestFirst().filter((c) => c.code.toLowerCase() === wanted);
  return matches.find((c) => promotionCodeActive(c, ctx.store, now)) ?? matches[0];
}
