import type { AffiliateFigures } from "@/lib/referrals/affiliate-figures";
import type { LedgerEntry } from "@/lib/referrals/commission";

// The operator area's Affiliates section (D17): every affiliate's figures and ledger, their
// payouts and a hold on them.

/** The list's orders: newest affiliates first, most conversions, most commission not yet paid. */
export const AFFILIATE_SORTS = ["joined", "conversions", "owed"] as const;
export type AffiliateSort = (typeof AFFILIATE_SORTS)[number];

/** A hold on an affiliate's payouts: why, who placed it (their email then) and when. */
export type PayoutHold = { reason: string; heldAt: Date; heldBy: string };

/** One row of the list. */
export type AffiliateListRow = {
  userId: string;
  email: string | null;
  code: string;
  joinedAt: Date;
  figures: AffiliateFigures;
  held: boolean;
};

/** One affiliate as their page shows them. */
export type OperatorAffiliate = {
  userId: string;
  email: string | null;
  code: string;
  couponCode: string;
  joinedAt: Date;
  figures: AffiliateFigures;
  hold: PayoutHold | null;
};

/** A ledger entry as an operator sees it: the referred buyer unmasked, and the payout that settled it. */
export type OperatorLedgerEntry = LedgerEntry & {
  orderId: string;
  payoutId: string | null;
};

/** A payout recorded for the affiliate: by an operator here, or by the payout command. */
export type AffiliatePayout = {
  id: string;
  createdAt: Date;
  amountCents: number;
  currency: string;
  entries: number;
  reference: string | null;
  paidBy: string | null;
};

/** An affiliate's id (their account's): a uuid. */
export const AFFILIATE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The most ledger entries one payout may name (the rest of what is due waits for the next). */
export const MAX_PAYOUT_ENTRIES = 200;
export const MAX_HOLD_REASON = 500;
export const MAX_PAYOUT_REFERENCE = 200;
