import "server-only";
import { REFERRAL_TTL_MS } from "@/lib/referrals/referral-capture-rules";
import { canonicalAffiliateCode } from "@/lib/referrals/affiliate-code";
import { findAffiliateByCode, findAffiliateByPromotionCode } from "../db/referrals/referrals-affiliates";
import { setOrderAffiliate, setOrderSelfReferral } from "../db/referrals/referrals-orders";
import { getLead, visitorTouches, type ReferralTouch } from "../db/referrals/referrals-touches";
import { log } from "../log";
import { otherPeople } from "./self-referral";

export type CheckoutReferral = {
  buyer: { userId: string; email: string | null } | null;
  /** The referral the page sent (SPEC §9 order: `via`, the tracking service, the stored value). */
  referralId: string | null;
  /** The Stripe promotion code of the coupon the buyer entered, if any. */
  promotionCodeId: string | null;
  /** The first-party visitor cookie. */
  visitorId: string | null;
};

/**
 * The affiliates a checkout could be credited to, best first: the touches this server saw (the
 * visitor's visits and the buyer's lead) within 60 days, first touch first; then the referral the
 * page sent; then the coupon's owner.
 */
async function candidates(input: CheckoutReferral): Promise<string[]> {
  const since = new Date(Date.now() - REFERRAL_TTL_MS);
  const touches: ReferralTouch[] = input.visitorId ? await visitorTouches(input.visitorId, since) : [];
  const lead = input.buyer ? await getLead(input.buyer.userId) : null;
  if (lead && lead.touchedAt >= since) touches.push(lead);
  touches.sort((a, b) => a.touchedAt.getTime() - b.touchedAt.getTime());
  const ordered = touches.map((t) => t.affiliateUserId);
  const code = input.referralId ? canonicalAffiliateCode(input.referralId) : null;
  const fromPage = code ? await findAffiliateByCode(code) : null;
  if (fromPage) ordered.push(fromPage);
  const couponOwner = input.promotionCodeId ? await findAffiliateByPromotionCode(input.promotionCodeId) : null;
  if (couponOwner) ordered.push(couponOwner);
  return ordered;
}

/**
 * D5: credits a new checkout's order to the affiliate who brought the buyer, never to the buyer
 * themself. When the only referral was the buyer's own (their coupon, their link), the order
 * records that, so its invoices note in the buyer's ledger why they earned nothing. The order is
 * written before the buyer pays; the commission follows its invoices. A failure here is logged and
 * never stops the checkout.
 */
export async function attributeOrder(orderId: string, input: CheckoutReferral): Promise<void> {
  try {
    const buyer = { userId: input.buyer?.userId ?? null, emails: [input.buyer?.email] };
    const all = await candidates(input);
    const [affiliateUserId] = await otherPeople(all, buyer);
    if (affiliateUserId) await setOrderAffiliate(orderId, affiliateUserId);
    else if (all[0]) await setOrderSelfReferral(orderId, all[0]);
  } catch (error) {
    log.error("Could not credit a checkout to an affiliate", { orderId, error });
  }
}
