// GET /api/cohorts/{id}/participants?role= - the cohort's participants, for its members.
import { cohortIdParamsSchema, participantsQuerySchema } from "@/lib/cohorts/cohort-schemas";
import { participantListSchema } from "@/lib/cohorts/member-cohort-schemas";
import { cohortParticipants } from "@/server/cohorts/member-cohorts";
import { route } from "@/server/http";

export const GET = route(
  { params: cohortIdParamsSchema, query: participantsQuerySchema, auth: "required", response: participantListSchema },
  async ({ params, query, user }) => cohortParticipants(user, params.id, query.role),
);
