// POST /api/campaign/stories/upload - a signed upload URL for one story video (the browser uploads it to Storage).
import { storyUploadRequestSchema, storyUploadSchema } from "@/lib/campaign/campaign-schemas";
import { storyUploadLimits } from "@/server/http/rate-limits";
import { createStoryUpload } from "@/server/campaign/story-upload";
import { route } from "@/server/http";

export const POST = route(
  { body: storyUploadRequestSchema, maxBodyBytes: 1024, rateLimits: storyUploadLimits, response: storyUploadSchema, status: 201 },
  ({ body, request }) => createStoryUpload(body, request.headers),
);
