import "server-only";
import { db } from "../client";

export type Affiliate = { userId: string; code: string; couponCode: string; stripePromotionCodeId: string | null };
/** An affiliate's sign-in address (null for an account without one), for the self-referral rule. */
export type AffiliateEmail = { userId: string; email: string | null };

type AffiliateRow = { user_id: string; code: string; coupon_code: string; stripe_promotion_code_id: string | null };

const toAffiliate = (row: AffiliateRow): Affiliate => ({
  userId: row.user_id,
  code: row.code,
  couponCode: row.coupon_code,
  stripePromotionCodeId: row.stripe_promotion_code_id,
});

export async function getAffiliate(userId: string): Promise<Affiliate | null> {
  const [row] = await db()<AffiliateRow[]>`
    select user_id, code, coupon_code, stripe_promotion_code_id from public.affiliates where user_id = ${userId}`;
  return row ? toAffiliate(row) : null;
}

/**
 * Gives the member this code unless they already have one (or the code is someone else's): the
 * unique keys decide, so concurrent first requests leave exactly one row. "no_account" when the
 * account no longer exists.
 */
export async function insertAffiliate(userId: string, code: string): Promise<"inserted" | "not_inserted" | "no_account"> {
  try {
    const rows = await db()`
      insert into public.affiliates (user_id, code, coupon_code) values (${userId}, ${code}, ${code.toUpperCase()})
      on conflict do nothing
      returning user_id`;
    return rows.length === 1 ? "inserted" : "not_inserted";
  } catch (error) {
    if ((error as { code?: string }).code === "23503") return "no_account";
    throw error;
  }
}

/** Records the Stripe promotion code behind the coupon; the first one recorded stays. */
export async function setAffiliatePromotionCode(userId: string, promotionCodeId: string): Promise<void> {
  await db()`
    update public.affiliates set stripe_promotion_code_id = ${promotionCodeId}
    where user_id = ${userId} and stripe_promotion_code_id is null`;
}

export async function findAffiliateByCode(code: string): Promise<string | null> {
  const [row] = await db()<{ user_id: string }[]>`select user_id from public.affiliates where code = ${code}`;
  return row?.user_id ?? null;
}

export async function findAffiliateByPromotionCode(promotionCodeId: string): Promise<string | null> {
  const [row] = await db()<{ user_id: string }[]>`
    select user_id from public.affiliates where stripe_promotion_code_id = ${promotionCodeId}`;
  return row?.user_id ?? null;
}

export async function affiliateEmails(userIds: string[]): Promise<AffiliateEmail[]> {
  if (userIds.length === 0) return [];
  const rows = await db()<{ id: string; email: string | null }[]>`
    select u.id, u.email from auth.users u where u.id = any(${userIds}::uuid[])`;
  return rows.map((row) => ({ userId: row.id, email: row.email }));
}
