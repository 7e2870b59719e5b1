import "server-only";
import type { TransactionSql } from "postgres";
import { db } from "../client";

// D17, Waitlist (supabase/migrations/20261127800500_cohort_waitlist.sql): a cohort's queue of
// confirmed addresses and the places offered to them. Locks are taken in one order everywhere:
// an order, then a seat, then the cohort, then waitlist entries.

export type WaitlistState = "waiting" | "offered" | "claimed" | "passed" | "removed";

/** A cohort as the waitlist needs it, locked for the rest of the transaction; null if there is none. */
export async function lockWaitlistCohort(
  tx: TransactionSql,
  cohortId: string,
): Promise<{ name: string; status: string; startsAt: Date | null; closed: boolean; free: number } | null> {
  const [row] = await tx<{ cohort_name: string; status: string; start_cohort_date: Date | null; closed: boolean; free: number }[]>`
    select cohort_name, status, start_cohort_date, closed_at is not null as closed, participant_cap - prospective_participant_count as free
    from public.cohorts where id = ${cohortId}
    for update`;
  return row ? { name: row.cohort_name, status: row.status, startsAt: row.start_cohort_date, closed: row.closed, free: row.free } : null;
}

/**
 * Queues a confirmed address at the end of the cohort's waitlist (the caller holds the cohort's
 * row lock, so numbers are handed out one at a time); false when the address is already waiting
 * or holding an offer there. The entry keeps what its share is counted under, and the account of
 * a member who joined signed in.
 */
export async function insertWaitlistEntry(
  tx: TransactionSql,
  entry: {
    cohortId: string;
    email: string;
    emailIdentity: string;
    joinedAt: Date;
    clientKey: string | null;
    shareDomain: string | null;
    userId: string | null;
  },
): Promise<boolean> {
  const rows = await tx`
    insert into public.cohort_waitlist (cohort_id, queue_number, email, email_identity, joined_at, client_key, share_domain, user_id)
    select ${entry.cohortId}, coalesce(max(queue_number), 0) + 1, ${entry.email}, ${entry.emailIdentity}, least(${entry.joinedAt}::timestamptz, now()),
      ${entry.clientKey}, ${entry.shareDomain}, ${entry.userId}
    from public.cohort_waitlist where cohort_id = ${entry.cohortId}
    on conflict (cohort_id, email_identity) where state in ('waiting', 'offered') do nothing
    returning id`;
  return rows.length === 1;
}

/** Holds the cohort's waitlist shares until the caller's transaction ends: joins are counted one at a time. */
export async function lockWaitlistShares(tx: TransactionSql, cohortId: string): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtextextended(${`waitlist-shares:${cohortId}`}, 0))`;
}

/**
 * A cohort's live entries (waiting, or holding an offer) and unexpired unconfirmed requests
 * counted under one client address and under one email domain (zero for a null key).
 */
export async function countWaitlistShares(
  tx: TransactionSql,
  share: { cohortId: string; clientKey: string | null; shareDomain: string | null },
): Promise<{ client: number; domain: number }> {
  const [row] = await tx<{ client: number; domain: number }[]>`
    with live as (
      select client_key, share_domain from public.cohort_waitlist
      where cohort_id = ${share.cohortId} and state in ('waiting', 'offered')
        and (client_key = ${share.clientKey} or share_domain = ${share.shareDomain})
      union all
      select client_key, share_domain from public.address_confirmations
      where purpose = 'waitlist' and cohort_id = ${share.cohortId} and confirmed_at is null and expires_at > now()
        and (client_key = ${share.clientKey} or share_domain = ${share.shareDomain})
    )
    select count(*) filter (where client_key = ${share.clientKey})::int as client,
      count(*) filter (where share_domain = ${share.shareDomain})::int as domain
    from live`;
  return { client: row?.client ?? 0, domain: row?.domain ?? 0 };
}

/** A signed-in member's address, when their account exists and confirmed it; null otherwise. */
export async function confirmedAccountEmail(tx: TransactionSql, userId: string): Promise<string | null> {
  const [row] = await tx<{ email: string }[]>`
    select lower(email) as email from auth.users
    where id = ${userId} and email is not null and email_confirmed_at is not null and deleted_at is null`;
  return row?.email ?? null;
}

/** The first `limit` waiting entries of a cohort in queue order, locked. */
export async function lockNextWaiting(tx: TransactionSql, cohortId: string, limit: number): Promise<{ id: string; email: string }[]> {
  return tx<{ id: string; email: string }[]>`
    select id, email from public.cohort_waitlist
    where cohort_id = ${cohortId} and state = 'waiting'
    order by queue_number
    limit ${limit}
    for update`;
}

/**
 * Offers a free place to a waiting entry: the place is taken (only if the cohort has room: the
 * conditional update and the cohorts' CHECKs), a seat is held for it without an order, and the
 * entry records the offer with its claim token's hash. False when there was no room.
 */
export async function offerPlace(
  tx: TransactionSql,
  offer: { cohortId: string; entryId: string; email: string; tokenHash: string; hours: number },
): Promise<boolean> {
  const rows = await tx`
    with place as (
      update public.cohorts set prospective_participant_count = prospective_participant_count + 1
      where id = ${offer.cohortId} and prospective_participant_count < participant_cap
      returning id
    ),
    seat as (
      insert into public.cohort_seats (cohort_id, email, status, hold_expires_at)
      select place.id, ${offer.email}, 'held', now() + make_interval(hours => ${offer.hours}) from place
      returning id, hold_expires_at
    )
    update public.cohort_waitlist w
    set state = 'offered', seat_id = seat.id, offer_token_hash = ${offer.tokenHash}, offered_at = now(), offer_expires_at = seat.hold_expires_at
    from seat
    where w.id = ${offer.entryId} and w.state = 'waiting'
    returning w.id`;
  return rows.length === 1;
}

/**
 * A held seat whose offer is still in force stays held for its waitlisted person when the checkout
 * opened for it closes unpaid: the order lets go of it and the hold runs to the offer's end. True
 * when the seat was kept so.
 */
export async function keepOfferSeat(tx: TransactionSql, seatId: string): Promise<boolean> {
  const rows = await tx`
    update public.cohort_seats s
    set order_id = null, user_id = null, email = w.email, hold_expires_at = w.offer_expires_at
    from public.cohort_waitlist w
    where s.id = ${seatId} and s.status = 'held' and w.seat_id = s.id and w.state = 'offered' and w.offer_expires_at > now()
    returning s.id`;
  return rows.length === 1;
}

/** The offer a released seat was held for lapsed: its entry has passed. */
export async function passOfferOfSeat(tx: TransactionSql, seatId: string): Promise<void> {
  await tx`update public.cohort_waitlist set state = 'passed', passed_at = now() where seat_id = ${seatId} and state = 'offered'`;
}

/** The seat held for an offer was paid for: the entry has claimed it. */
export async function markOfferClaimed(tx: TransactionSql, seatId: string): Promise<void> {
  await tx`update public.cohort_waitlist set state = 'claimed', claimed_at = now() where seat_id = ${seatId} and state = 'offered'`;
}

/** Offers past their 24 hours whose seat no checkout is paying for: the lapsed-waitlist-offers job passes them on. */
export async function listLapsedOffers(limit: number): Promise<string[]> {
  const rows = await db()<{ id: string }[]>`
    select w.id from public.cohort_waitlist w join public.cohort_seats s on s.id = w.seat_id
    where w.state = 'offered' and w.offer_expires_at <= now() and s.status = 'held' and s.order_id is null
    order by w.offer_expires_at
    limit ${limit}`;
  return rows.map((row) => row.id);
}

/** The held seat of a lapsed offer, locked, while no checkout has taken it; null otherwise. */
export async function lockLapsedOfferSeat(tx: TransactionSql, entryId: string): Promise<string | null> {
  const [row] = await tx<{ id: string }[]>`
    select s.id from public.cohort_seats s join public.cohort_waitlist w on w.seat_id = s.id
    where w.id = ${entryId} and w.state = 'offered' and w.offer_expires_at <= now() and s.status = 'held' and s.order_id is null
    for update of s`;
  return row?.id ?? null;
}

/** What an offer email says: the cohort and until when the place is held. */
export async function getOfferForEmail(entryId: string): Promise<{ cohortName: string; startsAt: Date | null; expiresAt: Date } | null> {
  const [row] = await db()<{ cohort_name: string; start_cohort_date: Date | null; offer_expires_at: Date | null }[]>`
    select c.cohort_name, c.start_cohort_date, w.offer_expires_at
    from public.cohort_waitlist w join public.cohorts c on c.id = w.cohort_id
    where w.id = ${entryId}`;
  return row?.offer_expires_at ? { cohortName: row.cohort_name, startsAt: row.start_cohort_date, expiresAt: row.offer_expires_at } : null;
}
