// POST /api/operator/cohorts/{id}/announcements/test - send the announcement to the operator's own address only (operators only).
import { cohortIdParamsSchema } from "@/lib/cohorts/cohort-schemas";
import { announcementRequestSchema, announcementTestResultSchema } from "@/lib/operator/announcement-schemas";
import { route } from "@/server/http";
import { announcementTestLimits } from "@/server/http/rate-limits";
import { sendAnnouncementTest } from "@/server/operator/cohort-announcements";

export const POST = route(
  {
    auth: "operator",
    params: cohortIdParamsSchema,
    body: announcementRequestSchema,
    maxBodyBytes: 32_768,
    rateLimits: announcementTestLimits,
    response: announcementTestResultSchema,
  },
  ({ user, params, body }) => sendAnnouncementTest(user.id, params.id, body),
);
