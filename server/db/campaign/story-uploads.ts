import "server-only";
import type { StoryMediaType } from "@/lib/campaign/story-media";
import { db, type Executor } from "../client";

// D16: every signed upload URL issued for a story video is recorded, with the type and size the
// browser announced, so the video a story names is checked against them and uploads no story names
// are found and deleted once the URL has lapsed (server/scheduled/orphaned-story-uploads.ts).

/** Records an upload before its signed URL is issued: an upload is never unknown to the clean-up. */
export async function recordStoryUpload(
  executor: Executor,
  upload: { path: string; contentType: StoryMediaType; declaredBytes: number },
): Promise<void> {
  await executor`
    insert into public.story_uploads (path, content_type, declared_bytes)
    values (${upload.path}, ${upload.contentType}, ${upload.declaredBytes})
    on conflict (path) do nothing`;
}

export type IssuedStoryUpload = { contentType: StoryMediaType | null; declaredBytes: number | null };

/** An upload this server issued that no story names yet (type and size are null on uploads issued before they were recorded). */
export async function findUnclaimedStoryUpload(path: string): Promise<IssuedStoryUpload | null> {
  const [row] = await db()<{ content_type: StoryMediaType | null; declared_bytes: string | null }[]>`
    select u.content_type, u.declared_bytes::text from public.story_uploads u
    where u.path = ${path}
      and not exists (select 1 from public.campaign_stories s where s.media_path = u.path)`;
  if (!row) return null;
  return { contentType: row.content_type, declaredBytes: row.declared_bytes === null ? null : Number(row.declared_bytes) };
}

export type StoryUploadQuota = { perAddressBytes: number; totalBytes: number };

/**
 * Counts `bytes` against today's (UTC) story video quota, for the client and in total; "address" or
 * "total" when that quota would be passed, and then nothing is counted. Conditional increments in
 * the caller's transaction: concurrent requests never pass a quota together.
 */
export async function chargeStoryUploadBytes(
  executor: Executor,
  clientKey: string,
  bytes: number,
  quota: StoryUploadQuota,
): Promise<"charged" | "address" | "total"> {
  for (const [key, limit, refusal] of [
    ["*", quota.totalBytes, "total"],
    [`client:${clientKey}`, quota.perAddressBytes, "address"],
  ] as const) {
    const charged = await executor`
      insert into public.story_upload_daily_bytes as d (day, client_key, bytes)
      select (now() at time zone 'utc')::date, ${key}, ${bytes} where ${bytes}::bigint <= ${limit}::bigint
      on conflict (day, client_key) do update set bytes = d.bytes + excluded.bytes
        where d.bytes + excluded.bytes <= ${limit}::bigint`;
    if (charged.count === 0) return refusal;
  }
  return "charged";
}

/** Drops the daily counts of days before yesterday (UTC). */
export async function pruneStoryUploadDailyBytes(): Promise<number> {
  const deleted = await db()`
    delete from public.story_upload_daily_bytes where day < (now() at time zone 'utc')::date - 1`;
  return deleted.count;
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
