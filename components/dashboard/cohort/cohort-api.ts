import { apiRequest } from "@/components/api/api-request";
import { enrolmentResultSchema, type EnrolmentResult } from "@/lib/cohorts/member-cohort-schemas";

export type { EnrolmentResult };

const ENROL_FAILED = "Failed to enrol in this cohort. Please try again.";

/** POST /api/cohorts/{id}/enroll: takes a seat for a paid plan, or moves the member's seat there. */
export function enrolInCohort(cohortId: string): Promise<EnrolmentResult> {
  return apiRequest({
    method: "POST",
    path: `/api/cohorts/${encodeURIComponent(cohortId)}/enroll`,
    auth: "required",
    schema: enrolmentResultSchema,
    fallback: ENROL_FAILED,
  });
}
