import "server-only";
import type { TransactionSql } from "postgres";
import { toCsv } from "@/lib/csv";
import { centsToDollars } from "@/lib/referrals/commission";
import { db } from "../db/client";
import { insertAuditEntry } from "../db/operator/operator-audit";
import { insertPayout, lockDueEntries, type DueEntry, type DueScope } from "../db/referrals/referrals-payouts";

/** What one affiliate is paid in a payout run. */
export type Payout = {
  affiliateUserId: string;
  email: string | null;
  code: string;
  amountCents: number;
  currency: string;
  entryIds: string[];
};

/** How the payout command names itself in the audit log and on the payouts it records. */
export const PAYOUT_COMMAND = "npm run payouts";

/** Due entries per affiliate and currency; only a positive balance is paid (a negative one waits for more commission). */
export function payoutsFrom(entries: DueEntry[]): Payout[] {
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
    payouts.map((p) => [
      p.affiliateUserId,
      p.email ?? "",
      p.code,
      centsToDollars(p.amountCents).toFixed(2),
      p.currency,
      String(p.entryIds.length),
    ]),
  );
}

/**
 * The payouts due now within `scope` (an affiliate on hold has none), their entries locked until
 * the transaction ends. The payout run pays what this finds, as an operator marking commission
 * paid does (lockDueEntries, payoutsFrom), and both record it with insertPayout.
 */
export async function lockDuePayouts(tx: TransactionSql, scope: DueScope = {}): Promise<Payout[]> {
  return payoutsFrom(await lockDueEntries(tx, scope));
}

/** What the audit log keeps of a payout. */
export function payoutAuditState(payoutId: string, payout: Payout, reference: string | null): Record<string, unknown> {
  return { payout_id: payoutId, amount_cents: payout.amountCents, currency: payout.currency, entries: payout.entryIds.length, reference };
}

/**
 * The operator's payout run (D14): every due commission, net of its reversals, per affiliate, as
 * CSV handed to `write`; with markPaid the same entries are recorded as paid in the same
 * transaction, after the CSV was written, so what is marked is exactly what was exported. An
 * affiliate whose payouts are on hold is left out. Each payout is written to the operator audit
 * log, naming the command.
 */
export async function exportDuePayouts(options: { markPaid: boolean; write: (csv: string) => Promise<void> }): Promise<Payout[]> {
  return db().begin(async (tx) => {
    const payouts = await lockDuePayouts(tx);
    await options.write(payoutsCsv(payouts));
    if (options.markPaid) {
      const by = { commandLine: PAYOUT_COMMAND };
      for (const payout of payouts) {
        const payoutId = await insertPayout(tx, payout, by);
        await insertAuditEntry(tx, by, {
          action: "affiliate.payout",
          subjectType: "affiliate",
          subjectId: payout.affiliateUserId,
          before: null,
          after: payoutAuditState(payoutId, payout, null),
        });
      }
    }
    return payouts;
  });
}
