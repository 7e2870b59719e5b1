import { createClient } from "@supabase/supabase-js";
import { beforeEach, describe, expect, inject, it } from "vitest";
import WebSocket from "ws";
import { POST } from "@/app/api/campaign/stories/route";
import { POST as uploadPOST } from "@/app/api/campaign/stories/upload/route";
import { MAX_STORY_BYTES, STORY_BUCKET } from "@/lib/campaign/story-media";
import { rateLimitClientKey } from "@/server/http/client-address";
import { createAdminClient } from "@/server/supabase/admin";
import { suiteSql } from "../../fixtures/db";
import { htmlBytes, mp4Bytes, webmBytes } from "../../fixtures/story-videos";
import { campaignPost, freshAddress } from "./campaign-request";

// An upload URL is recorded with the type and size announced for it; the video
// a story names is checked against them (and its first bytes against its container) and deleted when
// it does not match; video bytes are counted against a daily quota per address and in total. Storage
// takes any file up to the bucket's limit at a signed URL whatever was announced for it, so each URL
// is charged that limit, never the announced size.
const PER_ADDRESS = 2 * MAX_STORY_BYTES;
const TOTAL = 64 * MAX_STORY_BYTES;
process.env.STORY_UPLOAD_DAILY_BYTES_PER_ADDRESS = String(PER_ADDRESS);
process.env.STORY_UPLOAD_DAILY_BYTES = String(TOTAL);

const sql = suiteSql();
const browser = createClient(inject("authUrl"), inject("authAnonKey"), {
  auth: { persistSession: false },
  realtime: { transport: WebSocket as never },
});

type Announced = { contentType: string; size: number; durationSeconds?: number };

async function askUpload(announced: Announced, address = freshAddress()) {
  return uploadPOST(campaignPost("/api/campaign/stories/upload", { durationSeconds: 12, ...announced }, address));
}

/** Asks for an upload URL announcing `announced`, then uploads `bytes` to it as the browser would. */
async function upload(announced: Announced, bytes: Uint8Array, uploadType = announced.contentType): Promise<string> {
  const response = await askUpload(announced);
  expect(response.status).toBe(201);
  const { data } = await response.json();
  const put = await browser.storage
    .from(data.bucket)
    .uploadToSignedUrl(data.path, data.token, bytes.buffer as ArrayBuffer, { contentType: uploadType });
  expect(put.error).toBeNull();
  return data.path;
}

const submit = (mediaPath: string) =>
  POST(campaignPost("/api/campaign/stories", { type: "video", source: "story_wizard", mediaPath }, freshAddress()));
const stored = async (path: string) => (await createAdminClient().storage.from(STORY_BUCKET).exists(path)).data === true;
const storiesNaming = async (path: string) => (await sql`select 1 from public.campaign_stories where media_path = ${path}`).length;

beforeEach(async () => {
  await sql`delete from public.story_upload_daily_bytes where client_key <> '*'`;
});

describe("a story's video is checked against its upload", () => {
  it("refuses (422) and deletes 20 MB of a page uploaded to a URL issued for 1 byte", async () => {
    const path = await upload({ contentType: "video/webm", size: 1 }, htmlBytes(20 * 1024 * 1024));
    const response = await submit(path);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      code: "validation_failed",
      details: [{ path: "mediaPath", message: "The uploaded video is not the size that was announced for it." }],
    });
    expect(await stored(path)).toBe(false);
    expect(await storiesNaming(path)).toBe(0);
  });

  it("refuses (422) and deletes a page of the announced size uploaded as a video", async () => {
    const path = await upload({ contentType: "video/mp4", size: 4096 }, htmlBytes(4096));
    const response = await submit(path);
    expect(response.status).toBe(422);
    expect((await response.json()).details).toEqual([{ path: "mediaPath", message: "The uploaded file is not a WebM, MP4 or MOV video." }]);
    expect(await stored(path)).toBe(false);
    expect(await storiesNaming(path)).toBe(0);
  });

  it("refuses a video stored under another type than the one announced", async () => {
    const path = await upload({ contentType: "video/webm", size: 4096 }, mp4Bytes(4096), "video/mp4");
    expect((await submit(path)).status).toBe(422);
    expect(await stored(path)).toBe(false);
  });

  it("keeps real WebM and MP4 videos of the announced size, each named by one story only", async () => {
    const webm = await upload({ contentType: "video/webm;codecs=vp8,opus", size: 3000 }, webmBytes(3000), "video/webm");
    const mp4 = await upload({ contentType: "video/mp4", size: 5000 }, mp4Bytes(5000));
    expect((await submit(webm)).status).toBe(201);
    expect((await submit(mp4)).status).toBe(201);
    expect(await storiesNaming(webm)).toBe(1);
    // A second story cannot take the same video.
    const again = await submit(webm);
    expect(again.status).toBe(422);
    expect((await again.json()).details).toEqual([{ path: "mediaPath", message: "The recording was not uploaded." }]);
    expect(await storiesNaming(webm)).toBe(1);
    expect(await stored(webm)).toBe(true);
  });

  it("refuses a video this server issued no upload URL for", async () => {
    const path = `stories/${crypto.randomUUID()}.webm`;
    const signed = await createAdminClient().storage.from(STORY_BUCKET).createSignedUploadUrl(path);
    const put = await browser.storage
      .from(STORY_BUCKET)
      .uploadToSignedUrl(path, signed.data!.token, webmBytes(100).buffer as ArrayBuffer, { contentType: "video/webm" });
    expect(put.error).toBeNull();
    const response = await submit(path);
    expect(response.status).toBe(422);
    expect(await storiesNaming(path)).toBe(0);
  });

  it("records each upload URL with the type and size announced for it", async () => {
    const response = await askUpload({ contentType: "video/quicktime", size: 777 });
    const { data } = await response.json();
    expect(await sql`select content_type, declared_bytes::int from public.story_uploads where path = ${data.path}`).toEqual([
      { content_type: "video/quicktime", declared_bytes: 777 },
    ]);
  });
});

describe("the daily story video quota", () => {
  it("charges each upload URL the bucket's limit: three URLs announced at 1 byte cannot store more than the quota", async () => {
    const address = freshAddress();
    const tokens: { path: string; token: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await askUpload({ contentType: "video/webm", size: 1 }, address);
      expect(response.status).toBe(201);
      tokens.push((await response.json()).data);
    }
    // Storage takes far more than the 1 byte announced at each URL ...
    for (const { path, token } of tokens) {
      const put = await browser.storage
        .from(STORY_BUCKET)
        .uploadToSignedUrl(path, token, htmlBytes(8 * 1024 * 1024).buffer as ArrayBuffer, { contentType: "video/webm" });
      expect(put.error).toBeNull();
    }
    // ... so the quota counted the most each URL can hold, and a third URL is refused.
    const [charged] = await sql<{ bytes: string }[]>`
      select bytes::text from public.story_upload_daily_bytes where client_key = ${`client:${rateLimitClientKey(address)}`}`;
    expect(Number(charged!.bytes)).toBe(2 * MAX_STORY_BYTES);
    expect((await askUpload({ contentType: "video/webm", size: 1 }, address)).status).toBe(429);
  });

  it("refuses an address's upload URLs past its bytes for the day (429, a clear message, Retry-After), and not another address's", async () => {
    const address = freshAddress();
    expect((await askUpload({ contentType: "video/webm", size: 3 * 1024 * 1024 }, address)).status).toBe(201);
    expect((await askUpload({ contentType: "video/webm", size: 2 * 1024 * 1024 }, address)).status).toBe(201);
    const refused = await askUpload({ contentType: "video/webm", size: 1 }, address);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: "You have uploaded as much video as we can take from one connection today. Please try again tomorrow.",
      code: "rate_limited",
    });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(24 * 3600);
    expect((await askUpload({ contentType: "video/webm", size: 1 })).status).toBe(201);
  });

  it("gives one address at most 30 upload URLs a day, whatever sizes they announce", async () => {
    const address = freshAddress();
    // 30 URLs asked for earlier today (10 per 10 minutes).
    await sql`
      insert into public.rate_limit_hits (bucket, window_start, hits)
      values (${`campaign-story-upload-day:${rateLimitClientKey(address)}`}, to_timestamp(floor(extract(epoch from now()) / 86400) * 86400), 30)`;
    const refused = await askUpload({ contentType: "video/webm", size: 1 }, address);
    expect(refused.status).toBe(429);
    expect((await refused.json()).code).toBe("rate_limited");
    expect((await askUpload({ contentType: "video/webm", size: 1 })).status).toBe(201);
  });

  it("refuses everyone's upload URLs once the day's total is used", async () => {
    // Today's total leaves room for one more upload URL (charged the bucket's limit) and a little.
    await sql`
      insert into public.story_upload_daily_bytes (day, client_key, bytes)
      values ((now() at time zone 'utc')::date, '*', ${TOTAL - MAX_STORY_BYTES - 100_000})
      on conflict (day, client_key) do update set bytes = excluded.bytes`;
    expect((await askUpload({ contentType: "video/webm", size: 90_000 })).status).toBe(201);
    const refused = await askUpload({ contentType: "video/webm", size: 20_000 });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toBe("The campaign has received as much video as it can take today. Please try again tomorrow.");
    await sql`delete from public.story_upload_daily_bytes where client_key = '*'`;
  });
});

describe("Storage serves a story video only as its stored type", () => {
  it("with nosniff, and answers a Range request with just those bytes", async () => {
    const path = await upload({ contentType: "video/webm", size: 2048 }, webmBytes(2048));
    const { data } = await createAdminClient().storage.from(STORY_BUCKET).createSignedUrl(path, 60);
    const whole = await fetch(data!.signedUrl);
    expect(whole.headers.get("content-type")).toBe("video/webm");
    expect(whole.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await whole.arrayBuffer()).byteLength).toBe(2048);
    const head = await fetch(data!.signedUrl, { headers: { range: "bytes=0-15" } });
    expect(head.status).toBe(206);
    expect(head.headers.get("content-range")).toBe("bytes 0-15/2048");
    expect(new Uint8Array(await head.arrayBuffer())).toEqual(webmBytes(16));
  });
});
