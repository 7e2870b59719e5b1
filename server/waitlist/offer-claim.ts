import "server-only";
import type { TransactionSql } from "postgres";
import { isOpenForEnrolment } from "@/lib/cohorts/cohort-change-rules";
import { emailIdentity } from "@/lib/email/email-address";
import {
  WAITLIST_CLAIM_BUSY,
  WAITLIST_CLAIM_CLAIMED,
  WAITLIST_CLAIM_INVALID,
  WAITLIST_CLAIM_LAPSED,
  WAITLIST_CLAIM_NOT_YOURS,
  waitlistClaimTokenSchema,
  type WaitlistOffer,
} from "@/lib/waitlist/waitlist-schemas";
import type { NewOrder } from "../db/payments/orders";
import { placeClaimedOrder } from "../db/payments/pending-orders";
import { findOfferByTokenHash, lockOfferForClaim } from "../db/waitlist/waitlist-claims";
import { ApiError } from "../http/api-error";
import { replaceCheckout, type ReplacedCheckout } from "../payments/checkout-replacement";
import { hashSecretToken } from "../security/secret-tokens";

// D17, Waitlist: a claim link opens the ordinary checkout for its cohort, and that checkout
// pays for the seat held for the offer, not for another place. The link claims the place once:
// until it is paid for, opening a checkout again with it replaces the earlier one (the buyer came
// back from Stripe, or opened it on another device); once paid, or once the offer has lapsed, it
// is refused with a message that says which. The place is for the address the offer was sent to:
// a signed-in buyer must be that address's account, and a signed-out buyer's checkout is opened for
// that address (Stripe's page does not let it be changed), so whoever holds the link, paying for it
// seats the waitlisted person and no one else. A checkout opened signed in is replaced only by the
// same account.

const PATH = "waitlistClaimToken";

const refuse = (code: "validation_failed" | "conflict" | "forbidden", message: string) =>
  new ApiError(code, message, { details: [{ path: PATH, message }] });

/**
 * Records the claim's order on the offer's held seat, in the checkout's transaction: the seat and the
 * offer are locked, the offer must be in force and its seat still held, and an unpaid checkout opened
 * with the same link before is replaced (one opened signed in, only by that account). Unknown,
 * another cohort's or a guessed token: 422; a signed-in buyer who is not the waitlisted address: 403;
 * claimed, lapsed or being paid for by that account elsewhere: 409. Returns the waitlisted address,
 * which the checkout is opened for.
 */
export async function placeClaimOrder(
  tx: TransactionSql,
  token: string,
  order: NewOrder,
  holdExpiresAt: Date,
): Promise<{ orderId: string; replaced: ReplacedCheckout[]; email: string }> {
  const offer = await findOfferByTokenHash(hashSecretToken(token), tx);
  if (!offer?.seatId || offer.cohort.id !== order.cohortId) throw refuse("validation_failed", WAITLIST_CLAIM_INVALID);
  if (order.userId && (!order.email || emailIdentity(order.email) !== offer.emailIdentity))
    throw refuse("forbidden", WAITLIST_CLAIM_NOT_YOURS);
  if (offer.state === "claimed") throw refuse("conflict", WAITLIST_CLAIM_CLAIMED);
  if (offer.state !== "offered" || !offer.inForce) throw refuse("conflict", WAITLIST_CLAIM_LAPSED);
  if (offer.seatOrderId && offer.seatOrderUserId && offer.seatOrderUserId !== order.userId) throw refuse("conflict", WAITLIST_CLAIM_BUSY);
  // Orders before seats, the order fulfilment takes its locks in: the earlier checkout first.
  const replaced: ReplacedCheckout[] = [];
  if (offer.seatOrderId) {
    const earlier = await replaceCheckout(tx, offer.seatOrderId);
    if (earlier) replaced.push(earlier);
  }
  const locked = await lockOfferForClaim(tx, { entryId: offer.entryId, seatId: offer.seatId });
  if (!locked || locked.state === "claimed" || locked.seatStatus === "enrolled") throw refuse("conflict", WAITLIST_CLAIM_CLAIMED);
  if (locked.state !== "offered" || !locked.inForce || locked.seatStatus !== "held") throw refuse("conflict", WAITLIST_CLAIM_LAPSED);
  if (locked.seatOrderId) throw refuse("conflict", WAITLIST_CLAIM_BUSY);
  const claim = { ...order, email: order.email ?? offer.email };
  return { orderId: await placeClaimedOrder(tx, claim, offer.seatId, holdExpiresAt), replaced, email: offer.email };
}

const NO_OFFER: WaitlistOffer = { status: "invalid", cohortId: null, cohortName: null, startDate: null, endDate: null, expiresAt: null };

/** What a claim link holds, for its page: reading it changes nothing (a mail scanner may open it). */
export async function describeOffer(token: string): Promise<WaitlistOffer> {
  if (!waitlistClaimTokenSchema.safeParse(token).success) return NO_OFFER;
  const offer = await findOfferByTokenHash(hashSecretToken(token));
  if (!offer) return NO_OFFER;
  const { cohort } = offer;
  const status: WaitlistOffer["status"] =
    offer.state === "claimed"
      ? "claimed"
      : offer.state !== "offered" || !offer.inForce
        ? "lapsed"
        : !isOpenForEnrolment(cohort, new Date())
          ? "closed"
          : "offered";
  return {
    status,
    cohortId: cohort.id,
    cohortName: cohort.name,
    startDate: cohort.startsAt?.toISOString() ?? null,
    endDate: cohort.endsAt?.toISOString() ?? null,
    expiresAt: status === "offered" ? (offer.expiresAt?.toISOString() ?? null) : null,
  };
}
