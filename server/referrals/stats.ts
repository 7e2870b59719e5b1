import "server-only";
import { centsToDollars, commissionReasonText } from "@/lib/referrals/commission";
import { maskEmail } from "@/lib/referrals/mask-email";
import type { AffiliateStats } from "@/lib/referrals/referral-schemas";
import { affiliateFigures } from "../db/referrals/referrals-figures";
import { ledgerEntries } from "../db/referrals/referrals-stats";

/** How many ledger entries the dashboard lists, newest first. */
export const LEDGER_ENTRIES_SHOWN = 50;

/**
 * GET /api/referral/stats: the signed-in member's own numbers (SPEC §3 Affiliate stats) with the
 * commission split (D14) and the newest ledger entries. A referred buyer appears only as a masked
 * address. Plain data: its route (and the dashboard's first render) shapes it with affiliateStatsSchema.
 */
export async function affiliateStats(userId: string): Promise<AffiliateStats> {
  const [figures, entries] = await Promise.all([affiliateFigures(userId), ledgerEntries(userId, LEDGER_ENTRIES_SHOWN)]);
  return {
    visitors: figures.visitors,
    leads: figures.leads,
    conversions: figures.conversions,
    commission: centsToDollars(figures.earnedCents),
    currency: "usd",
    pending: centsToDollars(figures.pendingCents),
    due: centsToDollars(figures.dueCents),
    paid: centsToDollars(figures.paidCents),
    entries: entries.map((entry) => ({
      id: entry.id,
      createdAt: entry.createdAt.toISOString(),
      reason: entry.reason,
      description: commissionReasonText(entry.reason, entry.planName),
      amount: centsToDollars(entry.amountCents),
      state: entry.state,
      availableAt: entry.availableAt.toISOString(),
      referredEmail: entry.buyerEmail ? maskEmail(entry.buyerEmail) : null,
    })),
  };
}
