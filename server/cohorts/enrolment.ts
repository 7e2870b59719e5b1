import "server-only";
import {
  COHORT_CHANGE_CLOSED_MESSAGE,
  COHORT_FULL_MESSAGE,
  canLeaveCohort,
  isOpenForEnrolment,
  notOpenMessage,
} from "@/lib/cohorts/cohort-change-rules";
import type { Eligibility, EnrolmentResult } from "@/lib/cohorts/member-cohort-schemas";
import { db, type Executor } from "../db/client";
import { getCohortSummary, isCohortFull, type CohortSummary } from "../db/cohorts/cohort-queries";
import {
  listMemberLiveSeats,
  lockMemberSeats,
  paidOrdersWithoutSeat,
  releaseEnrolledSeat,
  type LiveSeat,
} from "../db/cohorts/member-seats";
import { insertEnrolledSeat } from "../db/cohorts/seats";
import { ApiError } from "../http/api-error";
import type { AuthUser } from "../auth/auth-user";
import { offerFreePlaces } from "../waitlist/offer-free-places";

type Plan =
  | { kind: "join"; orderId: string }
  | { kind: "switch"; fromSeatId: string; orderId: string | null }
  | { kind: "already" }
  | { kind: "refuse"; reason: Eligibility["reason"]; message: string };

async function decide(executor: Executor, userId: string, target: CohortSummary, liveSeats: LiveSeat[]): Promise<Plan> {
  const now = new Date();
  if (liveSeats.some((s) => s.cohortId === target.id && s.status === "enrolled")) return { kind: "already" };
  if (!isOpenForEnrolment(target, now)) {
    return { kind: "refuse", reason: "cohort_closed", message: notOpenMessage(target) };
  }
  const [unseatedOrder] = await paidOrdersWithoutSeat(executor, userId);
  if (unseatedOrder) return { kind: "join", orderId: unseatedOrder };
  const enrolled = liveSeats.find((s) => s.status === "enrolled");
  if (!enrolled) return { kind: "refuse", reason: "no_paid_plan", message: "Choose a plan and pay to join a cohort." };
  const current = await getCohortSummary(enrolled.cohortId, executor);
  if (!current || !canLeaveCohort(current, now)) {
    return { kind: "refuse", reason: "change_window_closed", message: COHORT_CHANGE_CLOSED_MESSAGE };
  }
  return { kind: "switch", fromSeatId: enrolled.id, orderId: enrolled.orderId };
}

async function cohortOrThrow(cohortId: string, executor?: Executor): Promise<CohortSummary> {
  const cohort = await getCohortSummary(cohortId, executor);
  if (!cohort) throw new ApiError("not_found", "This cohort does not exist.");
  return cohort;
}

/** GET /api/cohorts/{id}/eligibility: not eligible unless the member has a seat to take or to move. */
export async function checkEligibility(user: AuthUser, cohortId: string): Promise<Eligibility> {
  const target = await cohortOrThrow(cohortId);
  const live = await listMemberLiveSeats(db(), user.id);
  const current = live.find((s) => s.status === "enrolled")?.cohortId ?? null;
  const plan = await decide(db(), user.id, target, live);
  switch (plan.kind) {
    case "already":
      return { eligible: false, reason: "already_enrolled", message: "You are already in this cohort.", current_cohort_id: current };
    case "refuse":
      return { eligible: false, reason: plan.reason, message: plan.message, current_cohort_id: current };
    case "join":
    case "switch": {
      if (await isCohortFull(target.id))
        return { eligible: false, reason: "cohort_full", message: COHORT_FULL_MESSAGE, current_cohort_id: current };
      return {
        eligible: true,
        reason: plan.kind === "join" ? "paid_without_seat" : "can_switch",
        message: plan.kind === "join" ? "You can join this cohort." : "You can move to this cohort.",
        current_cohort_id: current,
      };
    }
  }
}

/**
 * POST /api/cohorts/{id}/enroll: takes a seat for a paid order that has none, or moves the
 * member's seat here (until 24 h before their current cohort starts). The old seat is released in
 * the same transaction, so a failed move leaves the member where they were.
 */
export async function enrol(user: AuthUser, cohortId: string): Promise<EnrolmentResult> {
  await cohortOrThrow(cohortId);
  return db().begin(async (tx) => {
    await lockMemberSeats(tx, user.id);
    const seats = await listMemberLiveSeats(tx, user.id, true);
    const target = await cohortOrThrow(cohortId, tx);
    const plan = await decide(tx, user.id, target, seats);
    const result = (message: string): EnrolmentResult => ({
      success: true,
      cohort_id: target.id,
      user_id: user.id,
      role: "participant",
      message,
    });
    if (plan.kind === "already") return result(`You are already enrolled in ${target.name}.`);
    if (plan.kind === "refuse") throw new ApiError(plan.reason === "cohort_closed" ? "validation_failed" : "forbidden", plan.message);
    if (plan.kind === "switch") await offerFreePlaces(tx, await releaseEnrolledSeat(tx, plan.fromSeatId));
    const orderId = plan.orderId;
    const seated = await insertEnrolledSeat(tx, { cohortId: target.id, orderId, userId: user.id, email: user.email });
    if (!seated) throw new ApiError("cohort_full", COHORT_FULL_MESSAGE);
    return result(plan.kind === "switch" ? `You moved to ${target.name}.` : `You are enrolled in ${target.name}.`);
  });
}
