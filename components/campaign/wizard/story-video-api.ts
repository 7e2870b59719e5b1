import { apiRequest } from "@/components/api/api-request";
import { createClient } from "@/components/auth/supabase-browser";
import { storySubmittedSchema, storyUploadSchema, type StorySubmitted } from "@/lib/campaign/campaign-schemas";
import { CAMPAIGN_FAILED } from "../shared/campaign-api";
import type { StoryVideo } from "./use-story-recorder";

export const UPLOAD_FAILED = "We couldn't upload your video. Please try again.";

/**
 * Uploads the video straight to Storage through a signed upload URL (it never passes through our
 * server), then keeps the story with its path.
 */
export async function uploadStoryVideo(video: StoryVideo, topic: string): Promise<StorySubmitted> {
  const upload = await apiRequest({
    method: "POST",
    path: "/api/campaign/stories/upload",
    body: { contentType: video.contentType, size: video.blob.size, durationSeconds: video.durationSeconds },
    schema: storyUploadSchema,
    fallback: UPLOAD_FAILED,
  });
  const { error } = await createClient()
    .storage.from(upload.bucket)
    .uploadToSignedUrl(upload.path, upload.token, video.blob, { contentType: video.contentType });
  if (error) throw new Error(UPLOAD_FAILED, { cause: error });
  return apiRequest({
    method: "POST",
    path: "/api/campaign/stories",
    body: { type: "video", topic, mediaPath: upload.path, source: "story_wizard" },
    schema: storySubmittedSchema,
    fallback: CAMPAIGN_FAILED,
  });
}
