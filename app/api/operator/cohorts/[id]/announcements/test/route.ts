// POST /api/operator/cohorts/{id}/announcements/test - send the announcement to the operator's own address only (operators only).
import { cohortIdParamsSchema } from "@/lib/cohorts/cohort-schemas";
import { announcementRequestSchema, announcementTestResultSchema } from "@/lib/operator/announcement-schemas";
import { route } from "@/server/http";
import { sendAnnouncementTest } from "@/server/operator/cohort-announcements";

// A test reaches the operator's own inbox only; still, not a way to send mail without end.
const TEST_LIMITS = [{ name: "announcement-test", limit: 20, windowSeconds: 3600 }];

export const POST = route({ auth: "operator", params: cohortIdParamsSchema, body: announcementRequestSchema, maxBodyBytes: 32_768, rateLimits: TEST_LIMITS, response: announcementTestResultSchema }, ({ user, params, body }) =>
  sendAnnouncementTest(user.id, params.id, body),
);
