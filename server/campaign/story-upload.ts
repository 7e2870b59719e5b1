import "server-only";
import { randomUUID } from "node:crypto";
import type { StoryUpload } from "@/lib/campaign/campaign-schemas";
import { MAX_STORY_BYTES, STORY_BUCKET, STORY_MEDIA_TYPES, type StoryMediaType } from "@/lib/campaign/story-media";
import { db } from "../db/client";
import { chargeStoryUploadBytes, recordStoryUpload } from "../db/campaign/story-uploads";
import { serverEnv } from "../env";
import { ApiError } from "../http/api-error";
import { clientAddress, rateLimitClientKey } from "../http/client-address";
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

export const UPLOAD_QUOTA_MESSAGES = {
  address: "You have uploaded as much video as we can take from one connection today. Please try again tomorrow.",
  total: "The campaign has received as much video as it can take today. Please try again tomorrow.",
} as const;

/** Seconds until the next UTC midnight, when the daily quota starts again. */
function secondsUntilTomorrow(now = new Date()): number {
  const tomorrow = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((tomorrow - now.getTime()) / 1000));
}

/**
 * A signed upload URL for one story video: the browser uploads straight to Storage, so the video
 * never passes through this server. The name is ours (a random id), never the visitor's. The
 * announced type and size are recorded (the story's video is checked against them). Today's quota,
 * per client address and in total, is charged the bucket's limit, not the announced size: a signed
 * URL takes any file up to that limit (Storage has no size per URL), and until the story check or
 * the clean-up deletes it, that is what it stores.
 */
export async function createStoryUpload(
  { contentType, size }: { contentType: StoryMediaType; size: number },
  headers: Pick<Headers, "get">,
): Promise<StoryUpload> {
  await ensureStoryBucket();
  const path = `stories/${randomUUID()}.${STORY_MEDIA_TYPES[contentType]}`;
  const env = serverEnv();
  const quota = { perAddressBytes: env.STORY_UPLOAD_DAILY_BYTES_PER_ADDRESS, totalBytes: env.STORY_UPLOAD_DAILY_BYTES };
  const clientKey = rateLimitClientKey(clientAddress(headers));
  // Recorded first, so an upload whose story never comes is found and deleted (server/scheduled).
  const refused = await db().begin(async (tx) => {
    const charged = await chargeStoryUploadBytes(tx, clientKey, MAX_STORY_BYTES, quota);
    if (charged !== "charged") return charged;
    await recordStoryUpload(tx, { path, contentType, declaredBytes: size });
    return null;
  });
  if (refused) {
    throw new ApiError("rate_limited", UPLOAD_QUOTA_MESSAGES[refused], { headers: { "retry-after": String(secondsUntilTomorrow()) } });
  }
  const { data, error } = await createAdminClient().storage.from(STORY_BUCKET).createSignedUploadUrl(path);
  if (error || !data) throw error ?? new Error("No signed upload URL");
  return { bucket: STORY_BUCKET, path, token: data.token };
}
