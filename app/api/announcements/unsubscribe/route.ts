// POST /api/announcements/unsubscribe - use an announcement's unsubscribe link: no more announcements to that inbox.
import { unsubscribeRequestSchema, unsubscribeResultSchema } from "@/lib/operator/announcement-schemas";
import { route } from "@/server/http";
import { unsubscribeFromAnnouncements } from "@/server/announcements/unsubscribe";

// A link is used once or twice; more from one address is someone guessing tokens.
const LIMITS = [{ name: "announcement-unsubscribe", limit: 20, windowSeconds: 600 }];

export const POST = route({ body: unsubscribeRequestSchema, maxBodyBytes: 1024, rateLimits: LIMITS, response: unsubscribeResultSchema }, ({ body }) =>
  unsubscribeFromAnnouncements(body.email, body.token),
);
