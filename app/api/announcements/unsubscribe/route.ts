// POST /api/announcements/unsubscribe - use an announcement's unsubscribe link: no more announcements to that inbox.
import { unsubscribeRequestSchema, unsubscribeResultSchema } from "@/lib/operator/announcement-schemas";
import { route } from "@/server/http";
import { unsubscribeLimits } from "@/server/http/rate-limits";
import { unsubscribeFromAnnouncements } from "@/server/announcements/unsubscribe";

export const POST = route(
  { body: unsubscribeRequestSchema, maxBodyBytes: 1024, rateLimits: unsubscribeLimits, response: unsubscribeResultSchema },
  ({ body }) => unsubscribeFromAnnouncements(body.email, body.token),
);
