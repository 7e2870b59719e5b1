// POST /api/operator/cohorts/{id}/announcements - email the cohort's participants (operators only, audited, through the outbox).
import { cohortIdParamsSchema } from "@/lib/cohorts/cohort-schemas";
import { announcementRequestSchema, announcementSentSchema } from "@/lib/operator/announcement-schemas";
import { route } from "@/server/http";
import { sendAnnouncement } from "@/server/operator/cohort-announcements";

export const POST = route(
  {
    auth: "operator",
    params: cohortIdParamsSchema,
    body: announcementRequestSchema,
    maxBodyBytes: 32_768,
    response: announcementSentSchema,
  },
  ({ user, params, body }) => sendAnnouncement(user.id, params.id, body),
);
