import "server-only";
import type { z } from "zod/mini";
import type { PayoutRequest, recordedPayoutSchema } from "@/lib/operator/affiliate-schemas";
import { formatMoney } from "@/lib/pricing/money";
import { lockAffiliate } from "../db/operator/operator-affiliates";
import { affiliateFigures } from "../db/referrals/referrals-figures";
import { insertPayout, lockDueEntries, payoutRequestRecorded } from "../db/referrals/referrals-payouts";
import { ApiError } from "../http/api-error";
import { payoutAuditState, payoutsFrom } from "../referrals/payouts";
import { operatorChange } from "./operator-change";

// D17, Affiliates: an operator marks an affiliate's due commission paid (D14). The payout is
// found and written as the payout run writes it (lockDueEntries, payoutsFrom, insertPayout), under the
// affiliate's row lock, with its audit entry, in one transaction.

export const AFFILIATE_NOT_FOUND = "This affiliate does not exist.";
export const PAYOUT_REPLAYED = "This payout has been recorded already: nothing was paid twice.";
export const ENTRIES_NOT_DUE =
  "Some of the chosen entries are not due, already paid or not this affiliate's: reload the page and choose again.";
export const MIXED_CURRENCIES = "This affiliate's due commission is in more than one currency: pay it with npm run payouts.";

export const heldMessage = (reason: string) => `This affiliate's payouts are on hold (${reason}). Release the hold before paying.`;

const nothingDue = (dueCents: number) =>
  dueCents < 0
    ? `Nothing is due: the balance is ${formatMoney(dueCents)}, reversals of commission already paid out. It comes off the next commission.`
    : "Nothing is due to this affiliate.";

const amountChanged = (dueCents: number, seenCents: number) =>
  `The amount due is now ${formatMoney(dueCents)}, not ${formatMoney(seenCents)}: reload the page and check it before paying.`;

/**
 * Records a payout of what is due to the affiliate (or of the chosen due entries) with the
 * payment's reference. Refused with 409, changing nothing, when the affiliate's payouts are on
 * hold, when this request was recorded before, when nothing (or not all that was chosen) is due,
 * or when the amount due is no longer the amount the operator saw: a second click or a replay finds
 * the entries paid and pays nothing twice.
 */
export async function markCommissionPaid(
  operatorId: string,
  affiliateUserId: string,
  request: PayoutRequest,
): Promise<z.input<typeof recordedPayoutSchema>> {
  return operatorChange(operatorId, async (tx) => {
    const affiliate = await lockAffiliate(tx, affiliateUserId);
    if (!affiliate) throw new ApiError("not_found", AFFILIATE_NOT_FOUND);
    if (affiliate.hold) throw new ApiError("conflict", heldMessage(affiliate.hold.reason));
    if (await payoutRequestRecorded(tx, request.requestKey)) throw new ApiError("conflict", PAYOUT_REPLAYED);
    const before = await affiliateFigures(affiliateUserId, tx);
    const entries = await lockDueEntries(tx, { affiliateUserId, entryIds: request.entryIds });
    if (request.entryIds && entries.length !== request.entryIds.length) throw new ApiError("conflict", ENTRIES_NOT_DUE);
    if (new Set(entries.map((entry) => entry.currency)).size > 1) throw new ApiError("conflict", MIXED_CURRENCIES);
    const [payout] = payoutsFrom(entries);
    if (!payout) throw new ApiError("conflict", nothingDue(entries.reduce((sum, entry) => sum + entry.amountCents, 0)));
    if (payout.amountCents !== request.amountCents) throw new ApiError("conflict", amountChanged(payout.amountCents, request.amountCents));

    const payoutId = await insertPayout(tx, { ...payout, reference: request.reference, requestKey: request.requestKey }, { operatorId });
    const after = await affiliateFigures(affiliateUserId, tx);
    return {
      result: {
        payoutId,
        affiliateId: affiliateUserId,
        amountCents: payout.amountCents,
        currency: payout.currency,
        entries: payout.entryIds.length,
        reference: request.reference,
        dueCents: after.dueCents,
      },
      audit: {
        action: "affiliate.payout",
        subjectType: "affiliate",
        subjectId: affiliateUserId,
        before: { due_cents: before.dueCents, paid_cents: before.paidCents },
        after: { due_cents: after.dueCents, paid_cents: after.paidCents, ...payoutAuditState(payoutId, payout, request.reference) },
      },
    };
  });
}
