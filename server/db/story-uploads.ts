import "server-only";
import { db } from "./client";

// D16: every signed upload URL issued for a story video is recorded, so uploads no story names can
// be found and deleted once the URL has lapsed (server/maintenance/orphaned-story-uploads.ts).

/** Records an upload before its signed URL is issued: an upload is never unknown to the clean-up. */
export async function recordStoryUpload(path: string): Promise<void> {
  await db()`insert into public.story_uploads (path) values (${path}) on conflict (path) do nothing`;
}

/** Uploads issued before `issuedBefore` that no story names, oldest first. */
export async function listOrphanedStoryUploads(issuedBefore: Date, limit: number): Promise<string[]> {
  const rows = await db()<{ path: string }[]>`
    select u.path from public.story_uploads u
    where u.issued_at < ${issuedBefore}
      and not exists (select 1 from public.campaign_stories s where s.media_path = u.path)
    order by u.issued_at
    limit ${limit}`;
  return rows.map((row) => row.path);
}

/** Stops tracking uploads whose object is gone, unless a story has named one meanwhile. */
export async function forgetStoryUploads(paths: string[]): Promise<void> {
  if (paths.length === 0) return;
  await db()`delete from public.story_uploads where path = any(${paths}::text[])`;
}

/** Stops tracking lapsed uploads a story keeps: only orphans need the clean-up's attention. */
export async function forgetKeptStoryUploads(issuedBefore: Date): Promise<number> {
  const deleted = await db()`
    delete from public.story_uploads u
    where u.issued_at < ${issuedBefore}
      and exists (select 1 from public.campaign_stories s where s.media_path = u.path)`;
  return deleted.count;
}
