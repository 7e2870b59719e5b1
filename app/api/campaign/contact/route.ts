// POST /api/campaign/contact - D6: a message to the campaign team, kept and emailed.
import { contactMessageRequestSchema, receivedSchema } from "@/lib/campaign/campaign-schemas";
import { contactLimits } from "@/server/http/rate-limits";
import { sendContactMessage } from "@/server/campaign/submissions";
import { route } from "@/server/http";

export const POST = route(
  { body: contactMessageRequestSchema, maxBodyBytes: 8192, rateLimits: contactLimits, response: receivedSchema, status: 201 },
  ({ body }) => sendContactMessage(body),
);
