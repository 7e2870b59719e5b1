// GET /api/operator/cohorts/{id}/participants.csv - the cohort's participant list as CSV (operators only).
import { cohortIdParamsSchema } from "@/lib/cohorts/cohort-schemas";
import { ApiError, route } from "@/server/http";
import { getOperatorCohort } from "@/server/db/operator/operator-cohorts";
import { csvResponse } from "@/server/operator/csv-response";
import { cohortParticipantList, participantsCsv } from "@/server/operator/participants";

export const GET = route({ auth: "operator", params: cohortIdParamsSchema, response: "csv" }, async ({ params }) => {
  if (!(await getOperatorCohort(params.id))) throw new ApiError("not_found", "This cohort does not exist.");
  return csvResponse(participantsCsv(await cohortParticipantList(params.id)), `cohort-${params.id}-participants.csv`);
});
