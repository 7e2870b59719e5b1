import { createClient } from "@supabase/supabase-js";
import { describe, expect, inject, it } from "vitest";
import WebSocket from "ws";
import { STORY_BUCKET } from "@/lib/campaign/story-media";
import { createStoryUpload } from "@/server/campaign/story-upload";
import { submitStory } from "@/server/campaign/stories";
import { deleteOrphanedStoryUploads } from "@/server/scheduled/orphaned-story-uploads";
import { createAdminClient } from "@/server/supabase/admin";
import { suiteSql } from "../../fixtures/db";
import { webmBytes } from "../../fixtures/story-videos";

const sql = suiteSql();

const browser = createClient(inject("authUrl"), inject("authAnonKey"), {
  auth: { persistSession: false },
  realtime: { transport: WebSocket as never },
});

/** A story video uploaded by the browser through a signed URL the backend issued; its path. */
async function uploadedVideo(): Promise<string> {
  const upload = await createStoryUpload({ contentType: "video/webm", size: 1024 }, new Headers());
  const put = await browser.storage
    .from(upload.bucket)
    .uploadToSignedUrl(upload.path, upload.token, webmBytes(1024).buffer as ArrayBuffer, { contentType: "video/webm" });
  expect(put.error).toBeNull();
  return upload.path;
}

async function stored(path: string): Promise<boolean> {
  const { data, error } = await createAdminClient().storage.from(STORY_BUCKET).info(path);
  return !error && data !== null;
}

/** Moves an upload's issue back in time, past its signed URL's life. */
async function issuedHoursAgo(path: string, hours: number): Promise<void> {
  await sql`update public.story_uploads set issued_at = now() - make_interval(hours => ${hours}) where path = ${path}`;
}

describe("the orphaned-story-uploads job", () => {
  it("deletes an upload no story names once its URL has lapsed, and keeps the one a story names", async () => {
    const orphan = await uploadedVideo();
    const named = await uploadedVideo();
    await submitStory({ type: "video", content: "", mediaPath: named, source: "story_wizard" });
    await issuedHoursAgo(orphan, 3);
    await issuedHoursAgo(named, 3);

    const outcome = await deleteOrphanedStoryUploads();

    expect(outcome.deleted).toBeGreaterThanOrEqual(1);
    expect(await stored(orphan)).toBe(false);
    expect(await stored(named)).toBe(true);
    // Neither needs watching any more.
    expect(await sql`select path from public.story_uploads where path in (${orphan}, ${named})`).toEqual([]);
  });

  it("keeps an upload whose signed URL may still be in use", async () => {
    const recent = await uploadedVideo();
    await issuedHoursAgo(recent, 1);

    await deleteOrphanedStoryUploads();

    expect(await stored(recent)).toBe(true);
    expect(await sql`select path from public.story_uploads where path = ${recent}`).toEqual([{ path: recent }]);
  });

  it("forgets a lapsed upload that was never made (there is nothing to delete)", async () => {
    const { path } = await createStoryUpload({ contentType: "video/mp4", size: 1024 }, new Headers());
    await issuedHoursAgo(path, 3);

    await deleteOrphanedStoryUploads();

    expect(await sql`select path from public.story_uploads where path = ${path}`).toEqual([]);
  });
});

describe("Storage stand-in: remove through supabase-js", () => {
  it("deletes the objects named, lists what it deleted and skips names it does not hold", async () => {
    const path = await uploadedVideo();
    const missing = "stories/00000000-0000-4000-8000-000000000000.webm";
    const { data, error } = await createAdminClient().storage.from(STORY_BUCKET).remove([path, missing]);
    expect(error).toBeNull();
    expect(data?.map((object) => object.name)).toEqual([path]);
    expect(await stored(path)).toBe(false);
    expect((await browser.storage.from(STORY_BUCKET).remove([missing])).error).not.toBeNull();
  });
});

describe("the orphaned-story-uploads job and refused videos", () => {
  it("deletes a second file uploaded to the URL of a video a story was refused for, once the URL has lapsed", async () => {
    const upload = await createStoryUpload({ contentType: "video/webm", size: 10 }, new Headers());
    const first = await browser.storage
      .from(upload.bucket)
      .uploadToSignedUrl(upload.path, upload.token, new Uint8Array(4096).buffer, { contentType: "video/webm" });
    expect(first.error).toBeNull();
    await expect(submitStory({ type: "video", content: "", mediaPath: upload.path, source: "story_wizard" })).rejects.toMatchObject({
      code: "validation_failed",
    });
    expect(await stored(upload.path)).toBe(false);
    // The refused video's URL still works for a while: what comes through it is swept all the same.
    const second = await browser.storage
      .from(upload.bucket)
      .uploadToSignedUrl(upload.path, upload.token, new Uint8Array(4096).buffer, { contentType: "video/webm" });
    expect(second.error).toBeNull();
    await issuedHoursAgo(upload.path, 3);

    await deleteOrphanedStoryUploads();

    expect(await stored(upload.path)).toBe(false);
  });

  it("drops the upload quota's counts of days before yesterday", async () => {
    await sql`insert into public.story_upload_daily_bytes (day, client_key, bytes) values (current_date - 5, 'client:198.51.100.9', 10)`;
    await deleteOrphanedStoryUploads();
    expect(await sql`select 1 from public.story_upload_daily_bytes where day < current_date - 2`).toEqual([]);
  });
});
