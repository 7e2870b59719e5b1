import "server-only";
import type { TransactionSql } from "postgres";
import { db, type Executor } from "../client";
import type { WaitlistState } from "./waitlist";

// D17, Waitlist: the offer a claim link's token names, and its seat and entry locked for the claim's checkout.

export type OfferByToken = {
  entryId: string;
  /** The waitlisted address, and its inbox (emailIdentity): whom the held place is for. */
  email: string;
  emailIdentity: string;
  /** The account of the checkout open on the seat now, if it was opened signed in. */
  seatOrderUserId: string | null;
  state: WaitlistState;
  inForce: boolean;
  expiresAt: Date | null;
  seatId: string | null;
  seatOrderId: string | null;
  cohort: { id: string; name: string; status: string; startsAt: Date | null; endsAt: Date | null; closed: boolean };
};

/** The offer a claim token's hash names, with its seat and cohort; null if none. */
export async function findOfferByTokenHash(tokenHash: string, executor: Executor = db()): Promise<OfferByToken | null> {
  const [row] = await executor<
    {
      id: string;
      email: string;
      email_identity: string;
      order_user_id: string | null;
      state: WaitlistState;
      in_force: boolean;
      offer_expires_at: Date | null;
      seat_id: string | null;
      order_id: string | null;
      cohort_id: string;
      cohort_name: string;
      status: string;
      start_cohort_date: Date | null;
      end_cohort_date: Date | null;
      closed: boolean;
    }[]
  >`
    select w.id, w.email, w.email_identity, o.user_id as order_user_id, w.state, coalesce(w.offer_expires_at > now(), false) as in_force, w.offer_expires_at, w.seat_id, s.order_id,
      c.id as cohort_id, c.cohort_name, c.status, c.start_cohort_date, c.end_cohort_date, c.closed_at is not null as closed
    from public.cohort_waitlist w
    join public.cohorts c on c.id = w.cohort_id
    left join public.cohort_seats s on s.id = w.seat_id
    left join public.orders o on o.id = s.order_id
    where w.offer_token_hash = ${tokenHash}`;
  if (!row) return null;
  return {
    entryId: row.id,
    email: row.email,
    emailIdentity: row.email_identity,
    seatOrderUserId: row.order_user_id,
    state: row.state,
    inForce: row.in_force,
    expiresAt: row.offer_expires_at,
    seatId: row.seat_id,
    seatOrderId: row.order_id,
    cohort: {
      id: row.cohort_id,
      name: row.cohort_name,
      status: row.status,
      startsAt: row.start_cohort_date,
      endsAt: row.end_cohort_date,
      closed: row.closed,
    },
  };
}

/** The offer's seat and entry locked (in that order) for a claim: their state as they are now. */
export async function lockOfferForClaim(
  tx: TransactionSql,
  offer: { entryId: string; seatId: string },
): Promise<{ seatStatus: string; seatOrderId: string | null; state: WaitlistState; inForce: boolean } | null> {
  const [seat] = await tx<{ status: string; order_id: string | null }[]>`
    select status, order_id from public.cohort_seats where id = ${offer.seatId} for update`;
  const [entry] = await tx<{ state: WaitlistState; in_force: boolean }[]>`
    select state, coalesce(offer_expires_at > now(), false) as in_force from public.cohort_waitlist where id = ${offer.entryId} for update`;
  if (!seat || !entry) return null;
  return { seatStatus: seat.status, seatOrderId: seat.order_id, state: entry.state, inForce: entry.in_force };
}
