import * as z from "zod/mini";
import { isPlausibleReferralCode } from "./referral-capture-rules";

// The referral endpoints' shapes: each route shapes its answer with these and the browser parses
// the answer with the same schema.

/** SPEC §3 Affiliate link: link (also as affiliate_link) and coupon_code (null while Stripe cannot make it). */
export const affiliateLinkSchema = z.object({
  link: z.url(),
  affiliate_link: z.url(),
  coupon_code: z.nullable(z.string()),
});
export type AffiliateLink = z.infer<typeof affiliateLinkSchema>;

const dollars = z.number();
const isoTime = z.iso.datetime({ offset: true });

export const commissionEntrySchema = z.object({
  id: z.uuid(),
  createdAt: isoTime,
  reason: z.enum(["first_payment", "renewal", "refund", "dispute_lost", "self_referral"]),
  description: z.string(),
  /** Dollars; negative for a reversal, 0 for a self-referral (the member's own purchase earns nothing). */
  amount: dollars,
  state: z.enum(["pending", "due", "paid", "none"]),
  /** When the entry is (or was) due: the end of the refund window. */
  availableAt: isoTime,
  /** The referred buyer, masked (m***@e***.com). */
  referredEmail: z.nullable(z.string()),
});
export type CommissionEntry = z.infer<typeof commissionEntrySchema>;

/**
 * SPEC §3 Affiliate stats: visitors, leads, conversions and commission (net, in dollars), plus
 * D14's split of the commission into pending, due and paid, and the newest ledger entries.
 */
export const affiliateStatsSchema = z.object({
  visitors: z.int().check(z.nonnegative()),
  leads: z.int().check(z.nonnegative()),
  conversions: z.int().check(z.nonnegative()),
  commission: dollars,
  currency: z.string(),
  pending: dollars,
  due: dollars,
  paid: dollars,
  entries: z.array(commissionEntrySchema),
});
export type AffiliateStats = z.infer<typeof affiliateStatsSchema>;

/** POST /api/referral/visit: the code a visitor arrived with (`?via=`). */
export const referralVisitRequestSchema = z.object({
  via: z.string().check(z.refine(isPlausibleReferralCode, "This referral code is not valid.")),
});

export const referralVisitResultSchema = z.object({ counted: z.boolean() });
export const referralLeadResultSchema = z.object({ recorded: z.boolean() });
