import "server-only";
import { STORY_BUCKET, STORY_MEDIA_TYPES, storyMediaType, type StoryMediaType } from "@/lib/campaign/story-media";
import { findStoryVideoPath } from "../db/operator/operator-stories";
import { ApiError } from "../http/api-error";
import { createAdminClient } from "../supabase/admin";

// D17, Campaign: an operator plays a story's video, pending ones included, from the private
// story bucket. The area's pages allow media from this site only (Content-Security-Policy), so the
// video is passed through here rather than linked at Storage; a Range request (the player seeking)
// is passed on, and the answer is never cached anywhere.

const NO_VIDEO = "This story has no video.";
/** One byte range, as a player asks ("bytes=0-", "bytes=1024-2047", "bytes=-500"). */
const SINGLE_RANGE = /^bytes=(\d{1,15}-\d{0,15}|-\d{1,15})$/;
const CONTENT_RANGE = /^bytes (\d{1,15}-\d{1,15}|\*)\/\d{1,15}$/;
const LENGTH = /^\d{1,15}$/;
/** How long Storage may take to start answering (the video itself may take as long as it takes). */
const STORAGE_ANSWER_MS = 10_000;

/** The type a story video is served as: the one its name was given for, which the upload check made sure Storage holds. */
export function storyVideoType(path: string): StoryMediaType | null {
  const extension = path.split(".").pop();
  const entry = Object.entries(STORY_MEDIA_TYPES).find(([, ext]) => ext === extension);
  return entry ? (entry[0] as StoryMediaType) : null;
}

async function fetchFromStorage(path: string, range: string | null, closed: AbortSignal): Promise<Response> {
  const { data, error } = await createAdminClient().storage.from(STORY_BUCKET).createSignedUrl(path, 60);
  if (error || !data) throw error ?? new Error("No signed download URL for a story video");
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error("Storage did not answer in time")), STORAGE_ANSWER_MS);
  // The operator closing the page stops the download from Storage too.
  const stop = () => controller.abort(closed.reason);
  closed.addEventListener("abort", stop, { once: true });
  try {
    return await fetch(data.signedUrl, { headers: range ? { range } : {}, signal: controller.signal, cache: "no-store" });
  } finally {
    clearTimeout(timer);
  }
}

/** GET /api/operator/campaign/stories/{id}/video: the story's video as stored, with nosniff and no caching. */
export async function operatorStoryVideo(storyId: string, request: Request): Promise<Response> {
  const path = await findStoryVideoPath(storyId);
  const type = path ? storyVideoType(path) : null;
  if (!path || !type) throw new ApiError("not_found", NO_VIDEO);

  const asked = request.headers.get("range");
  const upstream = await fetchFromStorage(path, asked && SINGLE_RANGE.test(asked) ? asked : null, request.signal);
  const headers = new Headers({
    "content-type": type,
    "x-content-type-options": "nosniff",
    "cache-control": "private, no-store",
    "content-disposition": "inline",
    "accept-ranges": "bytes",
  });
  const contentRange = upstream.headers.get("content-range");
  if (contentRange && CONTENT_RANGE.test(contentRange)) headers.set("content-range", contentRange);

  if (upstream.status === 416) {
    await upstream.body?.cancel();
    return new Response(null, { status: 416, headers });
  }
  if (upstream.status === 400 || upstream.status === 404) {
    await upstream.body?.cancel();
    throw new ApiError("not_found", NO_VIDEO);
  }
  const storedType = storyMediaType(upstream.headers.get("content-type") ?? "");
  if ((upstream.status !== 200 && upstream.status !== 206) || storedType !== type) {
    await upstream.body?.cancel();
    throw new Error(`Storage answered ${upstream.status} (${upstream.headers.get("content-type")}) for a story video`);
  }
  const length = upstream.headers.get("content-length");
  if (length && LENGTH.test(length)) headers.set("content-length", length);
  return new Response(upstream.body, { status: upstream.status, headers });
}
