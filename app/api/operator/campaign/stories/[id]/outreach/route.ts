// POST /api/operator/campaign/stories/{id}/outreach - mark a request to be recorded as reached out or recorded, or clear the mark (operators only).
import { campaignRecordParamsSchema, storyOutreachRequestSchema, storyOutreachResultSchema } from "@/lib/operator/campaign-schemas";
import { route } from "@/server/http";
import { markStoryOutreach } from "@/server/operator/story-moderation";

export const POST = route(
  { auth: "operator", params: campaignRecordParamsSchema, body: storyOutreachRequestSchema, response: storyOutreachResultSchema },
  ({ user, params, body }) => markStoryOutreach(user.id, params.id, body),
);
