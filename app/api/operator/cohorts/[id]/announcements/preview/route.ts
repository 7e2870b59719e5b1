// POST /api/operator/cohorts/{id}/announcements/preview - the announcement email as participants will read it, and how many it reaches (operators only).
import { cohortIdParamsSchema } from "@/lib/cohorts/cohort-schemas";
import { announcementPreviewSchema, announcementRequestSchema } from "@/lib/operator/announcement-schemas";
import { route } from "@/server/http";
import { previewAnnouncement } from "@/server/operator/cohort-announcements";

export const POST = route(
  {
    auth: "operator",
    params: cohortIdParamsSchema,
    body: announcementRequestSchema,
    maxBodyBytes: 32_768,
    response: announcementPreviewSchema,
  },
  ({ params, body }) => previewAnnouncement(params.id, body),
);
