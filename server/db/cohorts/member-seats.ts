import "server-only";
import type { TransactionSql } from "postgres";
import type { Cohort, SeatRole } from "@/lib/cohorts/cohort-schemas";
import type { Participant } from "@/lib/cohorts/member-cohort-schemas";
import { db, type Executor } from "../client";
import { COHORT_COLUMNS, toCohortDto, type CohortRow } from "./cohort-queries";
import { givePlaceBack } from "./seats";

export type MemberSeat = {
  seatId: string;
  orderId: string | null;
  role: SeatRole;
  status: "enrolled" | "released";
  enrolledAt: Date | null;
  releasedAt: Date | null;
  cohort: Cohort;
};

type SeatRow = CohortRow & {
  seat_id: string;
  order_id: string | null;
  role: SeatRole;
  seat_status: "enrolled" | "released";
  enrolled_at: Date | null;
  released_at: Date | null;
};

function toMemberSeat(row: SeatRow): MemberSeat {
  return {
    seatId: row.seat_id,
    orderId: row.order_id,
    role: row.role,
    status: row.seat_status,
    enrolledAt: row.enrolled_at,
    releasedAt: row.released_at,
    cohort: toCohortDto(row),
  };
}

/** Every cohort the member has been enrolled in (a hold that never turned into a seat is not history). */
export async function listMemberSeats(userId: string): Promise<MemberSeat[]> {
  const sql = db();
  const rows = await sql<SeatRow[]>`
    select ${sql(COHORT_COLUMNS.map((c) => `c.${c}`))}, s.id as seat_id, s.order_id, s.role, s.status as seat_status,
      s.enrolled_at, s.released_at
    from public.cohort_seats s join public.cohorts c on c.id = s.cohort_id
    where s.user_id = ${userId} and s.enrolled_at is not null
    order by s.enrolled_at desc`;
  return rows.map(toMemberSeat);
}

/** Serialises one member's seat changes (two tabs, a double click) for the rest of the transaction. */
export async function lockMemberSeats(tx: TransactionSql, userId: string): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtextextended(${`member-seats:${userId}`}, 0))`;
}

export type LiveSeat = { id: string; cohortId: string; orderId: string | null; status: "held" | "enrolled" };

/** The member's held or enrolled seats; `lock` takes row locks for an enrolment decision. */
export async function listMemberLiveSeats(executor: Executor, userId: string, lock = false): Promise<LiveSeat[]> {
  const rows = await executor<{ id: string; cohort_id: string; order_id: string | null; status: "held" | "enrolled" }[]>`
    select id, cohort_id, order_id, status from public.cohort_seats
    where user_id = ${userId} and status <> 'released'
    order by created_at
    ${lock ? executor`for update` : executor``}`;
  return rows.map((r) => ({ id: r.id, cohortId: r.cohort_id, orderId: r.order_id, status: r.status }));
}

/** The member's paid orders that have no live seat (their cohort filled up or they moved out). */
export async function paidOrdersWithoutSeat(executor: Executor, userId: string): Promise<string[]> {
  const rows = await executor<{ id: string }[]>`
    select o.id from public.orders o
    where o.user_id = ${userId} and o.status = 'paid' and o.replaced_at is null
      and not exists (select 1 from public.cohort_seats s where s.order_id = o.id and s.status <> 'released')
    order by o.paid_at`;
  return rows.map((r) => r.id);
}

/**
 * Gives up an enrolled seat (a move to another cohort): both counters drop by one. The cohort the
 * place went back to, for the caller to offer to its waitlist.
 */
export async function releaseEnrolledSeat(tx: TransactionSql, seatId: string): Promise<string> {
  const [row] = await tx<{ cohort_id: string }[]>`
    update public.cohort_seats set status = 'released', released_at = now()
    where id = ${seatId} and status = 'enrolled'
    returning cohort_id`;
  if (!row) throw new Error(`Seat ${seatId} is not enrolled`);
  await givePlaceBack(tx, row.cohort_id, { enrolled: true });
  return row.cohort_id;
}

/** A cohort's enrolled participants, optionally of one role; no personal details leave the server. */
export async function listCohortParticipants(cohortId: string, role: SeatRole | undefined, viewerId: string): Promise<Participant[]> {
  const rows = await db()<{ id: string; role: SeatRole; enrolled_at: Date | null; user_id: string | null }[]>`
    select id, role, enrolled_at, user_id from public.cohort_seats
    where cohort_id = ${cohortId} and status = 'enrolled' ${role ? db()`and role = ${role}` : db()``}
    order by enrolled_at asc
    limit 1000`;
  return rows.map((r) => ({
    seat_id: r.id,
    role: r.role,
    enrolled_at: r.enrolled_at?.toISOString() ?? null,
    is_you: r.user_id === viewerId,
  }));
}

/** Whether the member holds or has a seat in the cohort. */
export async function hasLiveSeatIn(tx: TransactionSql, userId: string, cohortId: string): Promise<boolean> {
  const rows = await tx`
    select 1 from public.cohort_seats where cohort_id = ${cohortId} and user_id = ${userId} and status <> 'released'`;
  return rows.length > 0;
}

export async function isEnrolledIn(cohortId: string, userId: string): Promise<boolean> {
  const rows = await db()`
    select 1 from public.cohort_seats where cohort_id = ${cohortId} and user_id = ${userId} and status = 'enrolled'`;
  return rows.length > 0;
}
