import "server-only";
import { randomUUID } from "node:crypto";
import type { StoryUpload } from "@/lib/campaign/campaign-schemas";
import { MAX_STORY_BYTES, STORY_BUCKET, STORY_MEDIA_TYPES, type StoryMediaType } from "@/lib/campaign/story-media";
import { recordStoryUpload } from "../db/story-uploads";
import { ApiError } from "../http/api-error";
import { createAdminClient } from "../supabase/admin";

let bucketReady: Promise<void> | undefined;

/** The private story bucket, made on first use with Storage enforcing its size and type limits. */
function ensureStoryBucket(): Promise<void> {
  bucketReady ??= (async () => {
    const storage = createAdminClient().storage;
    const { error } = await storage.getBucket(STORY_BUCKET);
    if (!error) return;
    const created = await storage.createBucket(STORY_BUCKET, {
      public: false,
      fileSizeLimit: MAX_STORY_BYTES,
      allowedMimeTypes: Object.keys(STORY_MEDIA_TYPES),
    });
    // 409: another instance made it meanwhile.
    if (created.error && (created.error as { status?: number }).status !== 409) throw created.error;
  })().catch((error: unknown) => {
    bucketReady = undefined;
    throw error;
  });
  return bucketReady;
}

/**
 * A signed upload URL for one story video: the browser uploads straight to Storage, so the video
 * never passes through this server. The name is ours (a random id), never the visitor's.
 */
export async function createStoryUpload({ contentType }: { contentType: StoryMediaType }): Promise<StoryUpload> {
  await ensureStoryBucket();
  const path = `stories/${randomUUID()}.${STORY_MEDIA_TYPES[contentType]}`;
  // Recorded first, so an upload whose story never comes is found and deleted (server/maintenance).
  await recordStoryUpload(path);
  const { data, error } = await createAdminClient().storage.from(STORY_BUCKET).createSignedUploadUrl(path);
  if (error || !data) throw error ?? new Error("No signed upload URL");
  return { bucket: STORY_BUCKET, path, token: data.token };
}

/** Refuses a story whose video was not uploaded, or is not a video. */
export async function assertStoryVideoUploaded(path: string): Promise<void> {
  const { data, error } = await createAdminClient().storage.from(STORY_BUCKET).info(path);
  const type = (data as { contentType?: string } | null)?.contentType ?? "";
  if (error || !data || !(type in STORY_MEDIA_TYPES)) {
    throw new ApiError("validation_failed", "The recording was not uploaded.", { details: [{ path: "mediaPath", message: "The recording was not uploaded." }] });
  }
}
