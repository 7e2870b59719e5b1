import * as z from "zod/mini";
import { cohortSchema, seatRoleSchema } from "./cohort-schemas";

// SPEC §3 and §7: what the member's cohort calls answer inside `{ data }`. Each route shapes its
// output with the schema here and the browser parses with the same one.

/** GET /api/cohorts/user/current: null when the member has no seat. */
export const currentCohortSchema = z.nullable(
  z.object({
    cohort: cohortSchema,
    role: seatRoleSchema,
    enrolled_at: z.nullable(z.string()),
    can_change: z.boolean(),
    change_deadline: z.nullable(z.string()),
  }),
);

export type CurrentCohort = NonNullable<z.output<typeof currentCohortSchema>>;

export const cohortHistoryEntrySchema = z.object({
  cohort: cohortSchema,
  role: seatRoleSchema,
  status: z.enum(["enrolled", "released"]),
  enrolled_at: z.nullable(z.string()),
  left_at: z.nullable(z.string()),
});

/** GET /api/cohorts/user/history: newest first. */
export const cohortHistorySchema = z.array(cohortHistoryEntrySchema);

export type CohortHistoryEntry = z.output<typeof cohortHistoryEntrySchema>;

/** POST /api/cohorts/{id}/enroll: SPEC §3 Enrollment result. */
export const enrolmentResultSchema = z.object({
  success: z.boolean(),
  cohort_id: z.string(),
  user_id: z.string(),
  role: seatRoleSchema,
  message: z.string(),
});

export type EnrolmentResult = z.output<typeof enrolmentResultSchema>;

/** GET /api/cohorts/{id}/eligibility: whether the member may take or move a seat there, and why. */
export const eligibilitySchema = z.object({
  eligible: z.boolean(),
  reason: z.enum([
    "paid_without_seat",
    "can_switch",
    "already_enrolled",
    "no_paid_plan",
    "change_window_closed",
    "cohort_closed",
    "cohort_full",
  ]),
  message: z.string(),
  current_cohort_id: z.nullable(z.string()),
});

export type Eligibility = z.output<typeof eligibilitySchema>;

/** One of a cohort's participants: no personal details, only whether it is the member asking. */
export const participantSchema = z.object({
  seat_id: z.string(),
  role: seatRoleSchema,
  enrolled_at: z.nullable(z.string()),
  is_you: z.boolean(),
});

/** GET /api/cohorts/{id}/participants */
export const participantListSchema = z.array(participantSchema);

export type Participant = z.output<typeof participantSchema>;
