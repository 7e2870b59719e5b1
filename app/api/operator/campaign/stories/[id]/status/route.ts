// POST /api/operator/campaign/stories/{id}/status - approve a story (shown on /magic) or reject it with an optional reason (operators only).
import { campaignRecordParamsSchema, storyReviewRequestSchema, storyReviewResultSchema } from "@/lib/operator/campaign-schemas";
import { route } from "@/server/http";
import { reviewStory } from "@/server/operator/story-moderation";

export const POST = route(
  { auth: "operator", params: campaignRecordParamsSchema, body: storyReviewRequestSchema, response: storyReviewResultSchema },
  ({ user, params, body }) => reviewStory(user.id, params.id, body),
);
