import "server-only";
import type { TransactionSql } from "postgres";
import { findCheckoutOwner, listMemberOpenOrdersForUpdate, markOrderReplaced } from "../db/payments/checkout-replacements";
import { listMemberLiveSeats, lockMemberSeats } from "../db/cohorts/member-seats";
import { getOrderSeatForUpdate, releaseHeldSeat } from "../db/cohorts/seats";
import { ApiError } from "../http/api-error";
import { constantTimeEqual, hashSecretToken, newSecretToken } from "../security/secret-tokens";
import { log } from "../log";
import type { Buyer } from "./checkout-session";
import { stripe } from "./stripe-client";

// A buyer who comes back from Stripe and starts again replaces their open checkout: it is closed,
// its seat given back and its session expired at Stripe. A checkout session id is no secret (it is
// in the hosted page's address and in the success URL), so naming one proves nothing: only the
// member who opened it, or the browser holding the secret it was given when it opened, may replace
// it. The secret travels in the JSON body, never in a URL or a cookie, so it cannot leak through
// history or referrers and no other site can make a browser send it.

export type CheckoutSecret = { secret: string; hash: string };

/** A new checkout's secret (256 bits) for the browser, and the hash the order keeps. */
export function newCheckoutSecret(): CheckoutSecret {
  const secret = newSecretToken();
  return { secret, hash: hashSecretToken(secret) };
}

function secretMatches(secret: string | undefined, hash: string | null): boolean {
  if (!secret || !hash) return false;
  return constantTimeEqual(hashSecretToken(secret), hash);
}

/**
 * The order of the checkout the buyer asks to replace, when they are its owner and it is still
 * open; null otherwise (a stranger's attempt changes nothing and is only logged).
 */
export async function replaceableOrder(sessionId: string, secret: string | undefined, buyer: Buyer): Promise<string | null> {
  const owner = await findCheckoutOwner(sessionId);
  if (!owner || owner.status !== "pending") return null;
  const byAccount = buyer !== null && owner.userId === buyer.userId;
  if (byAccount || secretMatches(secret, owner.sessionSecretHash)) return owner.orderId;
  log.warn("A checkout was named for replacement without proof of owning it; left open", { sessionId, signedIn: buyer !== null });
  return null;
}

/** A replaced checkout: its session (to expire at Stripe) and the cohort its held seat went back to, if it had one. */
export type ReplacedCheckout = { sessionId: string | null; freedCohortId: string | null };

/**
 * Closes an open checkout as replaced and gives its held seat back. The place is not offered to the
 * cohort's waitlist here: the buyer's new checkout may take it again at once, and the caller offers
 * whatever stays free once that checkout is placed.
 */
export async function replaceCheckout(tx: TransactionSql, orderId: string): Promise<ReplacedCheckout | null> {
  const replaced = await markOrderReplaced(tx, orderId);
  if (!replaced) return null;
  const seat = await getOrderSeatForUpdate(tx, orderId);
  const freedCohortId = seat?.status === "held" ? await releaseHeldSeat(tx, seat.id) : null;
  return { sessionId: replaced.sessionId, freedCohortId };
}

/**
 * A signed-in buyer has one seat per cohort: already enrolled there is a 409; their open checkouts
 * for it (another tab, a double click) are replaced by the new one.
 */
export async function replaceMembersCheckouts(tx: TransactionSql, userId: string, cohortId: string): Promise<ReplacedCheckout[]> {
  await lockMemberSeats(tx, userId);
  const seats = await listMemberLiveSeats(tx, userId, true);
  if (seats.some((s) => s.cohortId === cohortId && s.status === "enrolled")) {
    throw new ApiError("conflict", "You are already enrolled in this cohort.");
  }
  const replaced: ReplacedCheckout[] = [];
  for (const orderId of await listMemberOpenOrdersForUpdate(tx, userId, cohortId)) {
    const checkout = await replaceCheckout(tx, orderId);
    if (checkout) replaced.push(checkout);
  }
  return replaced;
}

/**
 * Expires replaced sessions at Stripe so they can no longer be paid. One already paid (the buyer
 * paid it in another tab just now) cannot be expired; its payment is refunded when it arrives.
 */
export async function expireReplacedSessions(sessionIds: readonly string[]): Promise<void> {
  await Promise.all(
    sessionIds.map((sessionId) =>
      stripe()
        .checkout.sessions.expire(sessionId)
        .catch((error: unknown) =>
          log.info("A replaced checkout could not be expired; a payment of it will be refunded", { sessionId, error }),
        ),
    ),
  );
}
