import "server-only";
import { canLeaveCohort, changeDeadline } from "@/lib/cohorts/cohort-change-rules";
import type { Cohort, SeatRole } from "@/lib/cohorts/cohort-schemas";
import type { CohortHistoryEntry, CurrentCohort, Participant } from "@/lib/cohorts/member-cohort-schemas";
import { isEnrolledIn, listCohortParticipants, listMemberSeats, type MemberSeat } from "../db/cohorts/member-seats";
import { ApiError } from "../http/api-error";
import type { AuthUser } from "../auth/auth-user";

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** GET /api/cohorts/user/history: every cohort the member joined, newest first. */
export async function cohortHistory(user: AuthUser): Promise<CohortHistoryEntry[]> {
  return cohortHistoryFrom(await listMemberSeats(user.id));
}

/** The history from the member's seats (newest first, as listMemberSeats reads them). */
export function cohortHistoryFrom(seats: MemberSeat[]): CohortHistoryEntry[] {
  return seats.map((s) => ({
    cohort: s.cohort,
    role: s.role,
    status: s.status,
    enrolled_at: iso(s.enrolledAt),
    left_at: iso(s.releasedAt),
  }));
}

const STATUS_ORDER: Record<Cohort["status"], number> = { active: 0, upcoming: 1, postcohort: 2, completed: 3 };

/** GET /api/cohorts/user/current: the cohort the member is in now (active first, then upcoming), or null. */
export async function currentCohort(user: AuthUser): Promise<CurrentCohort | null> {
  return currentCohortFrom(await listMemberSeats(user.id));
}

/** The current cohort from the member's seats (the dashboard reads them once for both cohort cards). */
export function currentCohortFrom(seats: MemberSeat[]): CurrentCohort | null {
  const enrolled = seats.filter((s) => s.status === "enrolled");
  enrolled.sort((a, b) => STATUS_ORDER[a.cohort.status] - STATUS_ORDER[b.cohort.status]);
  const seat = enrolled[0];
  if (!seat) return null;
  const startsAt = seat.cohort.start_cohort_date ? new Date(seat.cohort.start_cohort_date) : null;
  return {
    cohort: seat.cohort,
    role: seat.role,
    enrolled_at: iso(seat.enrolledAt),
    can_change: canLeaveCohort({ status: seat.cohort.status, startsAt }, new Date()),
    change_deadline: iso(changeDeadline(startsAt)),
  };
}

/** GET /api/cohorts/{id}/participants: only members of the cohort see who else is in it. */
export async function cohortParticipants(user: AuthUser, cohortId: string, role: SeatRole | undefined): Promise<Participant[]> {
  if (!(await isEnrolledIn(cohortId, user.id))) throw new ApiError("forbidden", "Only members of this cohort can see its participants.");
  return listCohortParticipants(cohortId, role, user.id);
}
