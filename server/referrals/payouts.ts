import "server-only";
import { toCsv } from "@/lib/csv";
import { centsToDollars } from "@/lib/referral/commission";
import { db } from "../db/client";
import { insertPayout, lockDueEntries, type DueEntry } from "../db/referrals-payouts";

/** What one affiliate is paid in a payout run. */
export type Payout = { affiliateUserId: string; email: string | null; code: string; amountCents: number; currency: string; entryIds: string[] };

/** Due entries per affiliate and currency; only a positive balance is paid (a negative one waits for more commission). */
function payoutsFrom(entries: DueEntry[]): Payout[] {
  const byAffiliate = new Map<string, Payout>();
  for (const entry of entries) {
    const key = `${entry.affiliateUserId}:${entry.currency}`;
    const payout = byAffiliate.get(key) ?? {
      affiliateUserId: entry.affiliateUserId,
      email: entry.email,
      code: entry.code,
      amountCents: 0,
      currency: entry.currency,
      entryIds: [],
    };
    payout.amountCents += entry.amountCents;
    payout.entryIds.push(entry.id);
    byAffiliate.set(key, payout);
  }
  return [...byAffiliate.values()].filter((payout) => payout.amountCents > 0);
}

export function payoutsCsv(payouts: Payout[]): string {
  const header = ["affiliate_user_id", "email", "affiliate_code", "amount", "currency", "entries"];
  return toCsv(
    header,
    payouts.map((p) => [p.affiliateUserId, p.email ?? "", p.code, centsToDollars(p.amountCents).toFixed(2), p.currency, String(p.entryIds.length)]),
  );
}

/**
 * The operator's payout run (D14): every due commission, net of its reversals, per affiliate, as
 * CSV handed to `write`; with markPaid the same entries are recorded as paid in the same
 * transaction, after the CSV was written, so what is marked is exactly what was exported.
 */
export async function exportDuePayouts(options: { markPaid: boolean; write: (csv: string) => Promise<void> }): Promise<Payout[]> {
  return db().begin(async (tx) => {
    const payouts = payoutsFrom(await lockDueEntries(tx));
    await options.write(payoutsCsv(payouts));
    if (options.markPaid) {
      for (const payout of payouts) await insertPayout(tx, payout);
    }
    return payouts;
  });
}
