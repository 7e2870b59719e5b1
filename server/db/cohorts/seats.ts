import "server-only";
import type { TransactionSql } from "postgres";
import { db } from "../client";
import { setOrderStatus } from "../payments/orders";
import { keepOfferSeat, markOfferClaimed, passOfferOfSeat } from "../waitlist/waitlist";

// D3: a seat is held while its checkout is open. The counters on cohorts move with the seat, in the
// caller's transaction; the conditional UPDATE plus the CHECK constraints make overbooking
// impossible whatever the concurrency. A seat is also held, without an order, for a waitlisted
// person a freed place was offered to (server/waitlist/offer-free-places.ts).
//
// D17: whatever gives a place back returns the cohort it went back to, and the caller offers the
// cohort's waitlist what is free in the same transaction (offerFreePlaces), unless it takes the
// place again at once (a buyer replacing their own checkout).

/**
 * Gives a place back to its cohort (and a participant's place, for a seat that was enrolled): every
 * place that frees frees here.
 */
export async function givePlaceBack(tx: TransactionSql, cohortId: string, place: { enrolled: boolean }): Promise<void> {
  await tx`
    update public.cohorts
    set prospective_participant_count = prospective_participant_count - 1,
        participant_count = participant_count - ${place.enrolled ? 1 : 0}
    where id = ${cohortId}`;
}

/** Takes one prospective place if the cohort has room (a draft has none for anyone); false when it is full. */
export async function takeProspectivePlace(tx: TransactionSql, cohortId: string): Promise<boolean> {
  const rows = await tx`
    update public.cohorts
    set prospective_participant_count = prospective_participant_count + 1
    where id = ${cohortId} and prospective_participant_count < participant_cap and published_at is not null
    returning id`;
  return rows.length === 1;
}

export type OrderSeat = { id: string; cohortId: string; status: "held" | "enrolled" | "released"; userId: string | null };

/** The live (held or enrolled) seat of an order, locked; else its most recent released one. */
export async function getOrderSeatForUpdate(tx: TransactionSql, orderId: string): Promise<OrderSeat | null> {
  const [row] = await tx<{ id: string; cohort_id: string; status: OrderSeat["status"]; user_id: string | null }[]>`
    select id, cohort_id, status, user_id from public.cohort_seats
    where order_id = ${orderId}
    order by (status <> 'released') desc, created_at desc
    limit 1
    for update`;
  return row ? { id: row.id, cohortId: row.cohort_id, status: row.status, userId: row.user_id } : null;
}

/**
 * Releases a held seat and gives its prospective place back: the cohort it went back to, null when
 * it was not released. A seat held for a waitlist offer still in force is kept for its person
 * instead (the checkout that was to pay for it closed, the offer did not); one whose offer ran out
 * passes the offer on.
 */
export async function releaseHeldSeat(tx: TransactionSql, seatId: string): Promise<string | null> {
  if (await keepOfferSeat(tx, seatId)) return null;
  const [row] = await tx<{ cohort_id: string }[]>`
    update public.cohort_seats
    set status = 'released', hold_expires_at = null, released_at = now()
    where id = ${seatId} and status = 'held'
    returning cohort_id`;
  if (!row) return null;
  await passOfferOfSeat(tx, seatId);
  await givePlaceBack(tx, row.cohort_id, { enrolled: false });
  return row.cohort_id;
}

/** Turns a held seat into a participant seat. */
export async function enrolHeldSeat(
  tx: TransactionSql,
  seat: { seatId: string; userId: string | null; email: string | null },
): Promise<void> {
  const [row] = await tx<{ cohort_id: string }[]>`
    update public.cohort_seats
    set status = 'enrolled', hold_expires_at = null, enrolled_at = now(),
        user_id = coalesce(user_id, ${seat.userId}), email = coalesce(${seat.email}, email)
    where id = ${seat.seatId} and status = 'held'
    returning cohort_id`;
  if (!row) throw new Error(`Seat ${seat.seatId} is not held`);
  await tx`update public.cohorts set participant_count = participant_count + 1 where id = ${row.cohort_id}`;
  await markOfferClaimed(tx, seat.seatId);
}

/** A seat taken directly as a participant (a paid order whose hold had lapsed), if there is room. */
export async function insertEnrolledSeat(
  tx: TransactionSql,
  seat: { cohortId: string; orderId: string | null; userId: string | null; email: string | null },
): Promise<boolean> {
  if (!(await takeProspectivePlace(tx, seat.cohortId))) return false;
  await tx`
    insert into public.cohort_seats (cohort_id, order_id, user_id, email, status, enrolled_at)
    values (${seat.cohortId}, ${seat.orderId}, ${seat.userId}, ${seat.email}, 'enrolled', now())`;
  await tx`update public.cohorts set participant_count = participant_count + 1 where id = ${seat.cohortId}`;
  return true;
}

/**
 * Gives back every live seat of an order (its access ended): held ones free a place, enrolled ones a
 * participant too. The cohort each released seat went back to, one per seat.
 */
export async function releaseOrderSeats(tx: TransactionSql, orderId: string): Promise<string[]> {
  const released = await tx<{ cohort_id: string; was: "held" | "enrolled" }[]>`
    update public.cohort_seats s
    set status = 'released', hold_expires_at = null, released_at = now()
    from (select id, status as was from public.cohort_seats where order_id = ${orderId} and status <> 'released' for update) live
    where s.id = live.id
    returning s.cohort_id, live.was`;
  for (const seat of released) await givePlaceBack(tx, seat.cohort_id, { enrolled: seat.was === "enrolled" });
  return released.map((seat) => seat.cohort_id);
}

/** The cohort an order holds or has a seat in now (it may have moved from the one bought); null without a seat. */
export async function orderLiveSeatCohortId(orderId: string): Promise<string | null> {
  const [row] = await db()<{ cohort_id: string }[]>`
    select cohort_id from public.cohort_seats where order_id = ${orderId} and status <> 'released' limit 1`;
  return row?.cohort_id ?? null;
}

export type LapsedHold = { seatId: string; orderId: string | null; orderStatus: string | null; checkoutSessionId: string | null };

/**
 * Held seats whose hold has lapsed, in every cohort, longest lapsed first. A seat held without an
 * order is a waitlist offer: the lapsed-waitlist-offers job passes those on.
 */
export async function listLapsedHolds(limit: number): Promise<LapsedHold[]> {
  const rows = await db()<{ seat_id: string; order_id: string | null; order_status: string | null; session_id: string | null }[]>`
    select s.id as seat_id, s.order_id, o.status as order_status, o.stripe_checkout_session_id as session_id
    from public.cohort_seats s left join public.orders o on o.id = s.order_id
    where s.status = 'held' and s.hold_expires_at < now() and s.order_id is not null
    order by s.hold_expires_at
    limit ${limit}`;
  return rows.map((row) => ({
    seatId: row.seat_id,
    orderId: row.order_id,
    orderStatus: row.order_status,
    checkoutSessionId: row.session_id,
  }));
}

/**
 * Held seats of checkouts that never got a Stripe session: the order is still pending, has no
 * session id and was placed more than `olderThanSeconds` ago, oldest first. Read through the index
 * of pending orders by creation time.
 */
export async function listAbandonedCheckoutHolds(olderThanSeconds: number, limit: number): Promise<{ seatId: string; orderId: string }[]> {
  const rows = await db()<{ seat_id: string; order_id: string }[]>`
    select s.id as seat_id, o.id as order_id
    from public.orders o join public.cohort_seats s on s.order_id = o.id and s.status = 'held'
    where o.status = 'pending' and o.stripe_checkout_session_id is null
      and o.created_at < now() - make_interval(secs => ${olderThanSeconds})
    order by o.created_at
    limit ${limit}`;
  return rows.map((row) => ({ seatId: row.seat_id, orderId: row.order_id }));
}

/**
 * Closes a checkout that never got a Stripe session, as expired, and gives its held seat back, in
 * the caller's transaction: the cohort the place went back to (null when the order held none), or
 * null for the whole when it was left alone. The order's row lock orders this against the checkout
 * request storing its session: whichever commits first wins, so an order that got its session
 * meanwhile, or was closed or paid, is left alone.
 */
export async function releaseAbandonedCheckoutHold(
  tx: TransactionSql,
  orderId: string,
  olderThanSeconds: number,
): Promise<{ freedCohortId: string | null } | null> {
  const [order] = await tx<{ id: string }[]>`
    select id from public.orders
    where id = ${orderId} and status = 'pending' and stripe_checkout_session_id is null
      and created_at < now() - make_interval(secs => ${olderThanSeconds})
    for update`;
  if (!order) return null;
  const seat = await getOrderSeatForUpdate(tx, orderId);
  const freedCohortId = seat?.status === "held" ? await releaseHeldSeat(tx, seat.id) : null;
  await setOrderStatus(tx, orderId, "expired");
  return { freedCohortId };
}

/**
 * Releases a held seat whose hold has lapsed (the caller has ruled out a payment), in the caller's
 * transaction: the cohort the place went back to, null when it is no longer held.
 */
export async function releaseLapsedHold(tx: TransactionSql, seatId: string): Promise<string | null> {
  const [seat] = await tx<{ id: string }[]>`
    select id from public.cohort_seats where id = ${seatId} and status = 'held' and hold_expires_at < now() for update`;
  return seat ? releaseHeldSeat(tx, seat.id) : null;
}
