import "server-only";
import type { TransactionSql } from "postgres";
import { COHORT_FULL_MESSAGE } from "@/lib/cohorts/cohort-change-rules";
import { cohortPhase, type CohortDates } from "@/lib/cohorts/cohort-phase";
import { runningCohortWarning } from "@/lib/operator/cohort-rules";
import { hasLiveSeatIn, lockMemberSeats, releaseEnrolledSeat } from "../db/cohorts/member-seats";
import { getOrderSeatForUpdate, insertEnrolledSeat } from "../db/cohorts/seats";
import { memberTimeZone } from "../db/accounts/users";
import { queueEmail } from "../email/outbox";
import { ApiError } from "../http/api-error";
import { offerFreePlaces } from "../waitlist/offer-free-places";
import { lockOrderOrThrow } from "./order-actions";
import { operatorChange } from "./operator-change";

// D17, Orders: an operator moves a member's seat to another cohort. Cohorts carry no price (the
// plan and what was paid belong to the order), so any cohort that has not ended will do, a closed
// one included (closing keeps buyers out, not the operators); a draft is not, until it is published.
// The target's capacity is respected. A cohort already running is taken only once the operator has
// confirmed it, having been told which days the member misses.

type LockedCohort = { id: string; name: string; draft: boolean; dates: CohortDates };

type LockedCohortRow = {
  id: string;
  cohort_name: string;
  status: CohortDates["status"];
  start_cohort_date: Date | null;
  end_cohort_date: Date | null;
  end_postcohort_date: Date | null;
  duration_days: number;
  draft: boolean;
};

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Both cohorts under row locks, taken in id order so two opposite moves cannot deadlock. */
async function lockCohorts(tx: TransactionSql, ids: string[]): Promise<Map<string, LockedCohort>> {
  const rows = await tx<LockedCohortRow[]>`
    select id, cohort_name, status, start_cohort_date, end_cohort_date, end_postcohort_date, duration_days, published_at is null as draft
    from public.cohorts where id = any(${ids}::uuid[]) order by id for update`;
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        name: row.cohort_name,
        draft: row.draft,
        dates: {
          status: row.status,
          start_cohort_date: iso(row.start_cohort_date),
          end_cohort_date: iso(row.end_cohort_date),
          end_postcohort_date: iso(row.end_postcohort_date),
          duration_days: row.duration_days,
        },
      },
    ]),
  );
}

export type CohortMoveResult = { cohortId: string; cohortName: string; moved: boolean };

/**
 * Moves the order's enrolled seat to `cohortId` under row locks (the order, its seat, the member's
 * seats, both cohorts): the old seat is given back and a seat taken in the target in one
 * transaction, so a full target (409) leaves the member where they were. The member is emailed.
 * Moving to the cohort the seat is in already changes nothing. A cohort already running (its day
 * counted on the operator's calendar, as the cohort page shows it) is refused (409) unless
 * `confirmRunning` says the operator was told what the member misses.
 */
export async function moveOrderCohort(
  operatorId: string,
  orderId: string,
  cohortId: string,
  options: { confirmRunning: boolean; now?: Date } = { confirmRunning: false },
): Promise<CohortMoveResult> {
  const zone = (await memberTimeZone(operatorId)) ?? "UTC";
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
    if (target.draft) throw new ApiError("conflict", "This cohort is a draft: publish it before moving a seat into it.");
    if (target.dates.status !== "upcoming" && target.dates.status !== "active")
      throw new ApiError("conflict", "This cohort has ended: choose one that has not.");
    const running = runningCohortWarning(cohortPhase(target.dates, options.now ?? new Date(), zone));
    if (running && !options.confirmRunning) throw new ApiError("conflict", `${running} Confirm the move to go ahead.`);
    const memberId = seat.userId ?? order.userId;
    if (memberId && (await hasLiveSeatIn(tx, memberId, target.id)))
      throw new ApiError("conflict", "This member already has a seat in that cohort.");
    await offerFreePlaces(tx, await releaseEnrolledSeat(tx, seat.id));
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
        // What the operator confirmed, for a cohort already running.
        after: { cohort_id: target.id, cohort_name: target.name, ...(running ? { running_confirmed: running } : {}) },
      },
    };
  });
}
