import "server-only";
import { STORY_BUCKET } from "@/lib/campaign/story-media";
import {
  forgetKeptStoryUploads,
  forgetStoryUploads,
  listOrphanedStoryUploads,
  pruneStoryUploadDailyBytes,
} from "../db/campaign/story-uploads";
import { log } from "../log";
import { createAdminClient } from "../supabase/admin";

// D16: a story video is uploaded straight to Storage with a signed URL (server/campaign/story-upload.ts)
// before its story is submitted; one whose story never came is deleted once its URL can no longer
// be used. The URL lives 2 hours; half an hour more lets a story whose upload finished at the last
// moment still be submitted before its video is taken as orphaned.
export const STORY_UPLOAD_URL_SECONDS = 2 * 3600;
const GRACE_SECONDS = 30 * 60;
/** Storage removes at most 1,000 objects per call. */
const BATCH = 1000;

export type OrphanedUploadsOutcome = { deleted: number; kept: number };

/**
 * The orphaned-story-uploads job: deletes lapsed uploads no story names, through the Storage API
 * (a video refused at submission stays recorded, so a second upload to its URL goes too), and drops
 * the upload quota's past days.
 */
export async function deleteOrphanedStoryUploads(now: Date = new Date()): Promise<OrphanedUploadsOutcome> {
  const issuedBefore = new Date(now.getTime() - (STORY_UPLOAD_URL_SECONDS + GRACE_SECONDS) * 1000);
  const kept = await forgetKeptStoryUploads(issuedBefore);
  await pruneStoryUploadDailyBytes();
  const orphans = await listOrphanedStoryUploads(issuedBefore, BATCH);
  if (orphans.length === 0) return { deleted: 0, kept };
  // An upload that never happened has no object: Storage skips it, and it is forgotten all the same.
  const { data, error } = await createAdminClient().storage.from(STORY_BUCKET).remove(orphans);
  if (error) throw error;
  await forgetStoryUploads(orphans);
  log.info("Orphaned story uploads deleted", { issued: orphans.length, deleted: data.length });
  return { deleted: data.length, kept };
}
