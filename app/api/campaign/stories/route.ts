// POST /api/campaign/stories - D6: keep a campaign story; one with words also becomes a social post. GET - the newest approved stories.
import { approvedStoriesSchema, storyRequestSchema, storySubmittedSchema } from "@/lib/campaign/campaign-schemas";
import { storyLimits } from "@/server/http/rate-limits";
import { approvedStories, submitStory } from "@/server/campaign/stories";
import { route } from "@/server/http";

export const POST = route(
  { body: storyRequestSchema, maxBodyBytes: 16 * 1024, rateLimits: storyLimits, response: storySubmittedSchema, status: 201 },
  ({ body }) => submitStory(body),
);

// Shared per second by each instance (approvedStories), so it needs no per-address limit.
export const GET = route({ sharedCache: true, response: approvedStoriesSchema }, async () => ({ stories: await approvedStories() }));
