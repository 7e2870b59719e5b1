// POST /api/campaign/confirmations - D18: use a pledge's or partner pledge's confirmation link.
import { confirmationRequestSchema, confirmationResultSchema } from "@/lib/campaign/campaign-schemas";
import { confirmSubmission } from "@/server/campaign/confirmations";
import { confirmationLimits } from "@/server/http/rate-limits";
import { route } from "@/server/http";

export const POST = route(
  { body: confirmationRequestSchema, maxBodyBytes: 1024, rateLimits: confirmationLimits, response: confirmationResultSchema },
  ({ body }) => confirmSubmission(body.token),
);
