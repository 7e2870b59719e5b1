// POST /api/campaign/stories/contact - D6, D18: ask the team to reach out to record a video or audio story (the address confirms it first).
import { receivedSchema, storyContactRequestSchema } from "@/lib/campaign/campaign-schemas";
import { requestConfirmation } from "@/server/campaign/confirmations";
import { storyContactLimits } from "@/server/http/rate-limits";
import { route } from "@/server/http";

export const POST = route(
  { body: storyContactRequestSchema, maxBodyBytes: 1024, rateLimits: storyContactLimits, response: receivedSchema, status: 202 },
  ({ body }) => requestConfirmation({ purpose: "story-contact", ...body }),
);
