import "server-only";
import type { TransactionSql } from "postgres";
import { COHORT_FULL_MESSAGE } from "@/lib/cohorts/cohort-change-rules";
import { hasLiveSeatIn, lockMemberSeats, releaseEnrolledSeat } from "../db/member-seats";
import { getOrderSeatForUpdate, insertEnrolledSeat } from "../db/seats";
import { queueEmail } from "../email/outbox";
import { ApiError } from "../http/api-error";
import { lockOrderOrThrow } from "./order-actions";
import { operatorChange } from "./operator-change";

// D17, Orders: an operator moves a member's seat to another cohort. Cohorts carry no price (the
// plan and what was paid belong to the order), so any cohort that has not ended will do, a closed
// one included (closing keeps buyers out, not the operators). The target's capacity is respected.

type LockedCohort = { id: string; name: string; status: string };

/** Both cohorts under row locks, taken in id order so two opposite moves cannot deadlock. */
async function lockCohorts(tx: TransactionSql, ids: string[]): Promise<Map<string, LockedCohort>> {
  const rows = await tx<{ id: string; cohort_name: string; status: string }[]>`
    select id, cohort_name, status from public.cohorts where id = any(${ids}::uuid[]) order by id for update`;
  return new Map(rows.map((row) => [row.id, { id: row.id, name: row.cohort_name, status: row.status }]));
}

export type CohortMoveResult = { cohortId: string; cohortName: string; moved: boolean };

/**
 * Moves the order's enrolled seat to `cohortId` under row locks (the order, its seat, the member's
 * seats, both cohorts): the old seat is given back and a seat taken in the target in one
 * transaction, so a full target (409) leaves the member where they were. The member is emailed.
 * Moving to the cohort the seat is in already changes nothing.
 */
export async function moveOrderCohort(operatorId: string, orderId: string, cohortId: string): Promise<CohortMoveResult> {
  return operatorChange<CohortMoveResult>(operatorId, async (tx) => {
    const order = await lockOrderOrThrow(tx, orderId);
    if (order.status !== "paid") throw new ApiError("conflict", "Only a paid order's seat can be moved.");
    if (order.userId) await lockMemberSeats(tx, order.userId);
    const seat = await getOrderSeatForUpdate(tx, orderId);
    if (!seat || seat.status !== "enrolled") throw new ApiError("conflict", "This order has no seat to move.");
    const cohorts = await lockCohorts(tx, [seat.cohortId, cohortId]);
    const from = cohorts.get(seat.cohortId)!;
    const target = cohorts.get(cohortId);
    if (!target) throw new ApiError("not_found", "This cohort does not exist.");
    if (target.id === from.id) return { result: { cohortId: target.id, cohortName: target.name, moved: false }, audit: null };
    if (target.status !== "upcoming" && target.status !== "active") throw new ApiError("conflict", "This cohort has ended: choose one that has not.");
    const memberId = seat.userId ?? order.userId;
    if (memberId && (await hasLiveSeatIn(tx, memberId, target.id))) throw new ApiError("conflict", "This member already has a seat in that cohort.");
    await releaseEnrolledSeat(tx, seat.id);
    if (!(await insertEnrolledSeat(tx, { cohortId: target.id, orderId, userId: memberId, email: order.email }))) {
      throw new ApiError("cohort_full", COHORT_FULL_MESSAGE);
    }
    if (order.email) await queueEmail(tx, { kind: "cohort-moved", to: order.email, data: { orderId }, orderId });
    return {
      result: { cohortId: target.id, cohortName: target.name, moved: true },
      audit: {
        action: "order.move_cohort",
        subjectType: "order",
        subjectId: orderId,
        before: { cohort_id: from.id, cohort_name: from.name },
        after: { cohort_id: target.id, cohort_name: target.name },
      },
    };
  });
}
