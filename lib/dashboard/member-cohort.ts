import { z } from "zod";
import { cohortSchema } from "@/lib/enrolment/cohort";

// SPEC §3 and §7: what the member's cohort calls answer, inside `{ data }`. A body that does not
// have this shape is an error rather than something to trust.

/** GET /api/cohorts/user/current: null when the member has no seat. */
export const currentCohortSchema = z
  .object({
    cohort: cohortSchema,
    role: z.string(),
    enrolled_at: z.string().nullable(),
    can_change: z.boolean(),
    change_deadline: z.string().nullable(),
  })
  .nullable();

export type CurrentCohort = NonNullable<z.output<typeof currentCohortSchema>>;

/** GET /api/cohorts/user/history: newest first. */
export const cohortHistorySchema = z.array(
  z.object({
    cohort: cohortSchema,
    role: z.string(),
    status: z.enum(["enrolled", "released"]),
    enrolled_at: z.string().nullable(),
    left_at: z.string().nullable(),
  }),
);

export type CohortHistoryEntry = z.output<typeof cohortHistorySchema>[number];


/** POST /api/cohorts/{id}/enroll: SPEC §3 Enrollment result. */
export const enrollmentResultSchema = z.object({
  success: z.boolean(),
  cohort_id: z.string(),
  user_id: z.string(),
  role: z.string(),
  message: z.string(),
});

export type EnrollmentResult = z.output<typeof enrollmentResultSchema>;
