import "server-only";
import Stripe from "stripe";
import { db } from "../db/client";
import {
  listAbandonedCheckoutHolds,
  listLapsedHolds,
  releaseAbandonedCheckoutHold,
  releaseLapsedHold,
  type LapsedHold,
} from "../db/cohorts/seats";
import { log } from "../log";
import { closeUnpaidOrder, fulfilCheckoutSession } from "../payments/fulfilment";
import { stripe } from "../payments/stripe-client";
import { offerFreePlaces } from "../waitlist/offer-free-places";
import { runEach } from "./run-each";

// D3 + D16: a seat is held while its checkout can still be paid. When the hold lapses the seat goes
// back to its cohort and the order is closed, on time rather than at the cohort's next checkout.
// Stripe decides whether the checkout was paid: a hold lapses 5 minutes after its session expires,
// yet the payment may have landed while its webhook is still on its way (or was lost), and a paid
// order must never be expired. So each lapsed hold's session is read back first.

const BATCH = 100;

// A checkout's order (and its held seat) is written before Stripe is asked for the session, and the
// session id is stored once Stripe answers. An order still without one this long after it was placed
// belongs to a request that died (a crashed or restarted web process): nobody was handed an address
// to pay at, so the seat is released now rather than at the end of its 36-minute hold. The figure is
// far above the longest a live request can take to get there: after writing the order it makes two
// rounds of Stripe calls (expiring the checkouts it replaces, side by side, then creating the
// session), each call given up after 5 s and tried once more (server/payments/stripe-client.ts), so
// about 25 s at worst, a few database writes aside.
export const ABANDONED_CHECKOUT_SECONDS = 5 * 60;

export type LapsedHoldsOutcome = { released: number; fulfilled: number; awaitingPayment: number; abandoned: number };

const UNPAID_STATUSES = new Set(["pending", "expired", "failed"]);
const isPaid = (session: Stripe.Checkout.Session) =>
  session.status === "complete" && (session.payment_status === "paid" || session.payment_status === "no_payment_required");

/** The Checkout Session as Stripe has it now; null for one Stripe does not know. */
export async function retrieveSession(sessionId: string): Promise<Stripe.Checkout.Session | null> {
  try {
    return await stripe().checkout.sessions.retrieve(sessionId);
  } catch (error) {
    // A session Stripe does not know cannot be paid.
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing") return null;
    throw error;
  }
}

/** Expires a session still open at Stripe, so nobody pays for a seat that is going back; the session as it ends up. */
async function expireIfOpen(session: Stripe.Checkout.Session): Promise<Stripe.Checkout.Session> {
  if (session.status !== "open") return session;
  try {
    return await stripe().checkout.sessions.expire(session.id);
  } catch (error) {
    // Completed (or expired) between the read and the expiry: what it is now decides.
    const now = await retrieveSession(session.id);
    if (now && now.status !== "open") return now;
    throw error;
  }
}

export type LapsedCheckoutOutcome = "fulfilled" | "awaiting_payment" | "closed";

/**
 * Settles an unpaid order whose checkout is past the time it could be paid in, by Stripe's word:
 * its session is read back (and expired at Stripe first if still open, so nobody pays for a seat
 * going back); a paid one is fulfilled, one still clearing is left to its events, anything else
 * closes the order if it is still pending here (its held seat goes back with it).
 */
export async function settleLapsedCheckout(order: {
  id: string;
  status: string | null;
  checkoutSessionId: string | null;
}): Promise<LapsedCheckoutOutcome> {
  if (order.checkoutSessionId) {
    const found = await retrieveSession(order.checkoutSessionId);
    const session = found && (await expireIfOpen(found));
    if (session && isPaid(session)) {
      await fulfilCheckoutSession(session);
      return "fulfilled";
    }
    // Completed with a payment still clearing (a bank debit): its success or failure event
    // settles the seat, so the buyer who paid is not turned away meanwhile.
    if (session?.status === "complete") return "awaiting_payment";
  }
  if (order.status === "pending") await closeUnpaidOrder(order.id, "expired");
  return "closed";
}

/** A lapsed hold's seat goes back, and the cohort's waitlist is offered the place, in one transaction. */
async function releaseLapsedSeat(seatId: string): Promise<void> {
  await db().begin(async (tx) => {
    const freedCohortId = await releaseLapsedHold(tx, seatId);
    if (freedCohortId) await offerFreePlaces(tx, freedCohortId);
  });
}

/**
 * A checkout that never got a Stripe session is closed as expired and its held seat goes back, the
 * cohort's waitlist offered the place in the same transaction; false when it was left alone.
 */
async function releaseAbandonedCheckout(orderId: string): Promise<boolean> {
  return db().begin(async (tx) => {
    const closed = await releaseAbandonedCheckoutHold(tx, orderId, ABANDONED_CHECKOUT_SECONDS);
    if (closed?.freedCohortId) await offerFreePlaces(tx, closed.freedCohortId);
    return closed !== null;
  });
}

async function settleHold(hold: LapsedHold, outcome: LapsedHoldsOutcome): Promise<void> {
  if (hold.orderId && hold.orderStatus !== null && !UNPAID_STATUSES.has(hold.orderStatus)) {
    // A paid (or refunded) order's seat is never released here.
    log.warn("A paid order still has a held seat whose hold lapsed", { orderId: hold.orderId, seatId: hold.seatId });
    return;
  }
  if (hold.orderId) {
    const settled = await settleLapsedCheckout({ id: hold.orderId, status: hold.orderStatus, checkoutSessionId: hold.checkoutSessionId });
    if (settled === "fulfilled") {
      outcome.fulfilled += 1;
      return;
    }
    if (settled === "awaiting_payment") {
      outcome.awaitingPayment += 1;
      return;
    }
  }
  // A pending order was closed with its seat; any other hold goes back on its own.
  if (hold.orderStatus !== "pending") await releaseLapsedSeat(hold.seatId);
  outcome.released += 1;
}

/**
 * The lapsed-seat-holds job: every lapsed hold is fulfilled (paid at Stripe) or released with its
 * order expired, and the hold of every checkout that never got a Stripe session is released with
 * its order expired (no session, so nothing at Stripe to ask).
 */
export async function releaseLapsedSeatHolds(): Promise<LapsedHoldsOutcome> {
  const outcome: LapsedHoldsOutcome = { released: 0, fulfilled: 0, awaitingPayment: 0, abandoned: 0 };
  const abandoned = await listAbandonedCheckoutHolds(ABANDONED_CHECKOUT_SECONDS, BATCH);
  // One that fails does not keep the lapsed holds waiting; the job is retried once both have run.
  const abandonedFailure = await runEach(abandoned, "abandoned checkout hold", async ({ orderId }) => {
    if (await releaseAbandonedCheckout(orderId)) outcome.abandoned += 1;
  }).then(
    () => null,
    (error: unknown) => ({ error }),
  );
  const holds = await listLapsedHolds(BATCH);
  await runEach(holds, "lapsed seat hold", (hold) => settleHold(hold, outcome));
  if (outcome.released + outcome.fulfilled + outcome.abandoned > 0) log.info("Lapsed seat holds settled", outcome);
  if (abandonedFailure) throw abandonedFailure.error;
  return outcome;
}
