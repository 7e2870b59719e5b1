import "server-only";
import type { TransactionSql } from "postgres";
import { WAITLIST_PER_CLIENT, WAITLIST_PER_DOMAIN, WAITLIST_SHARE_TAKEN, waitlistShareDomain } from "@/lib/waitlist/waitlist-shares";
import { countWaitlistShares, lockWaitlistShares } from "../db/waitlist/waitlist";
import { clientAddress, rateLimitClientKey } from "../http/client-address";
import { ApiError } from "../http/api-error";
import { serverSignature } from "../security/secret-tokens";

// D17, Waitlist: a cohort's waitlist takes a bounded share from one client address and one private
// email domain (lib/waitlist/waitlist-shares.ts says why and how many).

export type WaitlistShare = { cohortId: string; clientKey: string | null; shareDomain: string | null };

/**
 * What a join is counted under: a keyed hash of the client's address (an IPv6 /64 as one; never
 * the address itself), null when the address is unknown, and the address's email domain.
 */
export function waitlistShareOf(cohortId: string, email: string, headers: Pick<Headers, "get">): WaitlistShare {
  const address = clientAddress(headers);
  const clientKey = address ? serverSignature("glucosechallenge waitlist client", rateLimitClientKey(address), "hex").slice(0, 32) : null;
  return { cohortId, clientKey, shareDomain: waitlistShareDomain(email) };
}

/**
 * Refuses a join (409) once the cohort's live entries and pending requests from this client
 * address or at this domain reach their cap. Counted under a lock per cohort, in the transaction
 * that records the join, so joins at once cannot all find room.
 */
export async function admitWaitlistShare(tx: TransactionSql, share: WaitlistShare): Promise<void> {
  await lockWaitlistShares(tx, share.cohortId);
  const taken = await countWaitlistShares(tx, share);
  if ((share.clientKey && taken.client >= WAITLIST_PER_CLIENT) || (share.shareDomain && taken.domain >= WAITLIST_PER_DOMAIN)) {
    throw new ApiError("conflict", WAITLIST_SHARE_TAKEN);
  }
}
