import "server-only";
import type { z } from "zod/mini";
import type { PayoutHold } from "@/lib/operator/affiliates";
import type { payoutHoldStateSchema } from "@/lib/operator/affiliate-schemas";
import { clearPayoutHold, lockAffiliate, setPayoutHold } from "../db/operator/operator-affiliates";
import { ApiError, OPERATORS_ONLY_MESSAGE } from "../http/api-error";
import { AFFILIATE_NOT_FOUND } from "./affiliate-payouts";
import { operatorChange } from "./operator-change";

// D17, Affiliates: an operator holds a suspicious affiliate's payouts with a reason, and releases
// them. While held their commission still accrues, but neither the payout run (npm run payouts) nor
// an operator pays it. Each change is audited in its own transaction.

type HoldState = z.input<typeof payoutHoldStateSchema>;

const holdState = (affiliateId: string, hold: PayoutHold | null): HoldState => ({
  affiliateId,
  held: hold !== null,
  reason: hold?.reason ?? null,
  heldAt: hold?.heldAt.toISOString() ?? null,
  heldBy: hold?.heldBy ?? null,
});

const auditState = (hold: PayoutHold | null) => ({ held: hold !== null, reason: hold?.reason ?? null });

/** Holds the affiliate's payouts with the reason (a held affiliate's reason is replaced). */
export async function holdAffiliatePayouts(operatorId: string, affiliateUserId: string, reason: string): Promise<HoldState> {
  return operatorChange(operatorId, async (tx) => {
    const locked = await lockAffiliate(tx, affiliateUserId);
    if (!locked) throw new ApiError("not_found", AFFILIATE_NOT_FOUND);
    if (locked.hold?.reason === reason) return { result: holdState(affiliateUserId, locked.hold), audit: null };
    const hold = await setPayoutHold(tx, affiliateUserId, reason, operatorId);
    if (!hold) throw new ApiError("forbidden", OPERATORS_ONLY_MESSAGE);
    return {
      result: holdState(affiliateUserId, hold),
      audit: {
        action: "affiliate.hold",
        subjectType: "affiliate",
        subjectId: affiliateUserId,
        before: auditState(locked.hold),
        after: auditState(hold),
      },
    };
  });
}

/** Releases the hold: the affiliate's due commission is paid again. Releasing an affiliate not held changes nothing. */
export async function releaseAffiliatePayouts(operatorId: string, affiliateUserId: string): Promise<HoldState> {
  return operatorChange(operatorId, async (tx) => {
    const locked = await lockAffiliate(tx, affiliateUserId);
    if (!locked) throw new ApiError("not_found", AFFILIATE_NOT_FOUND);
    if (!locked.hold) return { result: holdState(affiliateUserId, null), audit: null };
    await clearPayoutHold(tx, affiliateUserId);
    return {
      result: holdState(affiliateUserId, null),
      audit: {
        action: "affiliate.release",
        subjectType: "affiliate",
        subjectId: affiliateUserId,
        before: auditState(locked.hold),
        after: auditState(null),
      },
    };
  });
}
