import "server-only";
import { randomBytes } from "node:crypto";
import { publicEnv } from "@/lib/public-env";
import { affiliateCodeFrom, affiliateLink } from "@/lib/referrals/affiliate-code";
import type { AffiliateLink } from "@/lib/referrals/referral-schemas";
import { getAffiliate, insertAffiliate, setAffiliatePromotionCode, type Affiliate } from "../db/referrals/referrals-affiliates";
import { ApiError } from "../http/api-error";
import type { AuthUser } from "../auth/auth-user";
import { log } from "../log";
import { createAffiliatePromotionCode } from "./affiliate-promotion";

const NO_EMAIL_MESSAGE = "Sign in with your email address to get your affiliate link.";

function newAffiliateCode(): string {
  for (;;) {
    const code = affiliateCodeFrom(randomBytes(16));
    if (code) return code;
  }
}

/**
 * D5: every member has one affiliate code, made on first need. The table's unique keys settle
 * concurrent first requests (one row per member); a code another member already has is drawn again.
 */
export async function ensureAffiliate(userId: string): Promise<Affiliate> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const existing = await getAffiliate(userId);
    if (existing) return existing;
    if ((await insertAffiliate(userId, newAffiliateCode())) === "no_account") {
      throw new ApiError("not_found", "No account record was found for this user.");
    }
  }
  throw new Error("Could not issue an affiliate code");
}

/** The coupon code once Stripe has its promotion code; null while Stripe cannot be reached. */
async function ensureCoupon(affiliate: Affiliate): Promise<string | null> {
  if (affiliate.stripePromotionCodeId) return affiliate.couponCode;
  try {
    await setAffiliatePromotionCode(affiliate.userId, await createAffiliatePromotionCode(affiliate.userId, affiliate.couponCode));
    return affiliate.couponCode;
  } catch (error) {
    log.error("Could not create an affiliate's promotion code", { userId: affiliate.userId, error });
    return null;
  }
}

/** D5: a member's affiliate link, `{site}/?via={code}` (made on first need); null for a user with no member row. */
export async function memberAffiliateLink(userId: string): Promise<string | null> {
  try {
    return affiliateLink(publicEnv.siteUrl, (await ensureAffiliate(userId)).code);
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") return null;
    throw error;
  }
}

/** GET /api/referral/get_affiliate_link: the member's link and coupon code (SPEC §3). */
export async function affiliateLinkFor(user: AuthUser): Promise<AffiliateLink> {
  if (!user.email) throw new ApiError("forbidden", NO_EMAIL_MESSAGE);
  const affiliate = await ensureAffiliate(user.id);
  const link = affiliateLink(publicEnv.siteUrl, affiliate.code);
  return { link, affiliate_link: link, coupon_code: await ensureCoupon(affiliate) };
}
