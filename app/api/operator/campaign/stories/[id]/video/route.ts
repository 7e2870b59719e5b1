// GET /api/operator/campaign/stories/{id}/video - a story's video, pending ones included, as stored (operators only, never cached).
import { campaignRecordParamsSchema } from "@/lib/operator/campaign-schemas";
import { route } from "@/server/http";
import { operatorStoryVideo } from "@/server/operator/story-video";

export const GET = route({ auth: "operator", params: campaignRecordParamsSchema, response: "video" }, ({ params, request }) =>
  operatorStoryVideo(params.id, request),
);
