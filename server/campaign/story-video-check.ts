import "server-only";
import { STORY_BUCKET, STORY_MEDIA_TYPES, storyMediaType, MAX_STORY_BYTES } from "@/lib/campaign/story-media";
import { VIDEO_SIGNATURE_BYTES, hasVideoSignature } from "@/lib/campaign/video-signature";
import { findUnclaimedStoryUpload } from "../db/campaign/story-uploads";
import { ApiError } from "../http/api-error";
import { log } from "../log";
import { createAdminClient } from "../supabase/admin";

export const STORY_VIDEO_MESSAGES = {
  notUploaded: "The recording was not uploaded.",
  wrongSize: "The uploaded video is not the size that was announced for it.",
  notVideo: "The uploaded file is not a WebM, MP4 or MOV video.",
} as const;

const refuse = (message: string) => new ApiError("validation_failed", message, { details: [{ path: "mediaPath", message }] });

/** The first bytes of a stored object, read through a short-lived signed URL with a Range request. */
async function leadingBytes(path: string): Promise<Uint8Array> {
  const { data, error } = await createAdminClient().storage.from(STORY_BUCKET).createSignedUrl(path, 60);
  if (error || !data) throw error ?? new Error("No signed download URL");
  const response = await fetch(data.signedUrl, {
    headers: { range: `bytes=0-${VIDEO_SIGNATURE_BYTES - 1}` },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok || !response.body) throw new Error(`Storage answered ${response.status} for a story video`);
  // A server that ignores Range sends the whole object: only its first chunk is read.
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  while (length < VIDEO_SIGNATURE_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.byteLength;
  }
  await reader.cancel();
  return Buffer.concat(chunks).subarray(0, VIDEO_SIGNATURE_BYTES);
}

/**
 * A story names its video only when this server issued the upload, no story names it yet,
 * and Storage holds a file of the announced size and type whose first bytes are that container.
 * A file that is not is deleted (its upload stays recorded, so a second try at the same URL is swept
 * too) and the story refused.
 */
export async function assertStoryVideoUploaded(path: string): Promise<void> {
  const issued = await findUnclaimedStoryUpload(path);
  if (!issued) throw refuse(STORY_VIDEO_MESSAGES.notUploaded);
  const storage = createAdminClient().storage.from(STORY_BUCKET);
  const { data, error } = await storage.info(path);
  if (error || !data) throw refuse(STORY_VIDEO_MESSAGES.notUploaded);

  const storedType = storyMediaType(data.contentType ?? "");
  const announcedType = issued.contentType ?? storedType;
  const sizeMatches = issued.declaredBytes === null ? (data.size ?? 0) <= MAX_STORY_BYTES : data.size === issued.declaredBytes;
  let problem: string | null = null;
  if (!sizeMatches) problem = STORY_VIDEO_MESSAGES.wrongSize;
  else if (!storedType || storedType !== announcedType || !(storedType in STORY_MEDIA_TYPES)) problem = STORY_VIDEO_MESSAGES.notVideo;
  else if (!hasVideoSignature(storedType, await leadingBytes(path))) problem = STORY_VIDEO_MESSAGES.notVideo;
  if (!problem) return;

  const removed = await storage.remove([path]);
  if (removed.error) throw removed.error;
  log.warn("A story video that did not match its upload was deleted", { path, size: data.size, contentType: data.contentType });
  throw refuse(problem);
}
