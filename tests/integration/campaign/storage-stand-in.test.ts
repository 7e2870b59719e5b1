import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { beforeAll, describe, expect, inject, it } from "vitest";
import WebSocket from "ws";

// The Storage stand-in (local/storage), driven by supabase-js exactly as the app and the browser
// drive Supabase Storage: a bucket with limits, signed upload URLs, object info, signed downloads.
const url = inject("authUrl");
const clientFor = (key: string) =>
  createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never } });

const admin: SupabaseClient = clientFor(inject("authServiceRoleKey"));
const browser: SupabaseClient = clientFor(inject("authAnonKey"));
const BUCKET = `contract-${Date.now()}`;
const webm = (size: number) => new Uint8Array(size).fill(0x1a);
let n = 0;
const freshPath = (ext = "webm") => `stories/${Date.now()}-${n++}.${ext}`;

beforeAll(async () => {
  const { error } = await admin.storage.createBucket(BUCKET, {
    public: false,
    fileSizeLimit: 1024,
    allowedMimeTypes: ["video/webm", "video/mp4"],
  });
  expect(error).toBeNull();
});

describe("Storage stand-in through supabase-js", () => {
  it("keeps a bucket with its size and type limits; a second bucket of that name is a conflict", async () => {
    const { data, error } = await admin.storage.getBucket(BUCKET);
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: BUCKET, public: false, file_size_limit: 1024, allowed_mime_types: ["video/webm", "video/mp4"] });
    const again = await admin.storage.createBucket(BUCKET);
    expect(again.error).toMatchObject({ status: 409 });
    expect((await admin.storage.getBucket("no-such-bucket")).error).toMatchObject({ status: 404 });
  });

  it("a signed upload URL lets the browser upload without a session; info and a signed download return the same bytes", async () => {
    const path = freshPath();
    const signed = await admin.storage.from(BUCKET).createSignedUploadUrl(path);
    expect(signed.error).toBeNull();
    expect(signed.data?.signedUrl).toMatch(new RegExp(`^${url}/storage/v1/object/upload/sign/${BUCKET}/${path}\\?token=`));
    const bytes = webm(900);
    const uploaded = await browser.storage
      .from(BUCKET)
      .uploadToSignedUrl(path, signed.data!.token, bytes.buffer, { contentType: "video/webm" });
    expect(uploaded.error).toBeNull();
    expect(uploaded.data?.fullPath).toBe(`${BUCKET}/${path}`);

    const info = await admin.storage.from(BUCKET).info(path);
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({ size: 900, contentType: "video/webm" });
    expect((await admin.storage.from(BUCKET).exists(path)).data).toBe(true);

    const download = await admin.storage.from(BUCKET).createSignedUrl(path, 60);
    expect(download.error).toBeNull();
    const response = await fetch(download.data!.signedUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("video/webm");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
  });

  it("takes a Blob too (sent as a form, as browsers do)", async () => {
    const path = freshPath("mp4");
    const signed = await admin.storage.from(BUCKET).createSignedUploadUrl(path);
    const blob = new Blob([webm(300)], { type: "video/mp4" });
    const uploaded = await browser.storage.from(BUCKET).uploadToSignedUrl(path, signed.data!.token, blob);
    expect(uploaded.error).toBeNull();
    expect((await admin.storage.from(BUCKET).info(path)).data).toMatchObject({ size: 300, contentType: "video/mp4" });
  });

  it("refuses a type the bucket does not allow (415) and keeps nothing", async () => {
    const path = freshPath();
    const signed = await admin.storage.from(BUCKET).createSignedUploadUrl(path);
    const uploaded = await browser.storage
      .from(BUCKET)
      .uploadToSignedUrl(path, signed.data!.token, new TextEncoder().encode("#!/bin/sh").buffer, { contentType: "text/x-shellscript" });
    expect(uploaded.error).toMatchObject({ status: 415 });
    expect((await admin.storage.from(BUCKET).exists(path)).data).toBe(false);
  });

  it("refuses a file over the bucket's size limit (413) and keeps nothing", async () => {
    const path = freshPath();
    const signed = await admin.storage.from(BUCKET).createSignedUploadUrl(path);
    const uploaded = await browser.storage
      .from(BUCKET)
      .uploadToSignedUrl(path, signed.data!.token, webm(1025).buffer, { contentType: "video/webm" });
    expect(uploaded.error).toMatchObject({ status: 413 });
    expect((await admin.storage.from(BUCKET).exists(path)).data).toBe(false);
  });

  it("a token works only for its own object, once, and not when tampered with", async () => {
    const path = freshPath();
    const other = freshPath();
    const signed = await admin.storage.from(BUCKET).createSignedUploadUrl(path);
    const token = signed.data!.token;
    expect(
      (await browser.storage.from(BUCKET).uploadToSignedUrl(other, token, webm(10).buffer, { contentType: "video/webm" })).error,
    ).toMatchObject({ status: 400 });
    const tampered = `${token.split(".")[0]}.${"A".repeat(43)}`;
    expect(
      (await browser.storage.from(BUCKET).uploadToSignedUrl(path, tampered, webm(10).buffer, { contentType: "video/webm" })).error,
    ).toMatchObject({ status: 400 });
    expect(
      (await browser.storage.from(BUCKET).uploadToSignedUrl(path, token, webm(10).buffer, { contentType: "video/webm" })).error,
    ).toBeNull();
    expect(
      (await browser.storage.from(BUCKET).uploadToSignedUrl(path, token, webm(20).buffer, { contentType: "video/webm" })).error,
    ).toMatchObject({ status: 409 });
    expect((await admin.storage.from(BUCKET).info(path)).data?.size).toBe(10);
  });

  it("the anon key cannot sign uploads or downloads, nor read bucket settings", async () => {
    expect((await browser.storage.from(BUCKET).createSignedUploadUrl(freshPath())).error).toMatchObject({ status: 403 });
    expect((await browser.storage.getBucket(BUCKET)).error).toMatchObject({ status: 403 });
    expect((await browser.storage.from(BUCKET).createSignedUrl("stories/x.webm", 60)).error).toMatchObject({ status: 403 });
  });

  it.each(["../../../etc/passwd", "stories/../../secret.webm", "stories//x.webm"])("refuses the object name %j", async (name) => {
    // Refused (400), or, once URL parsing has resolved the dots, left naming no bucket (404).
    const { data, error } = await admin.storage.from(BUCKET).createSignedUploadUrl(name);
    expect(data).toBeNull();
    expect([400, 404]).toContain((error as { status?: number } | null)?.status);
  });

  it("refuses a percent-encoded traversal sent by hand", async () => {
    const response = await fetch(`${url}/storage/v1/object/upload/sign/${BUCKET}/stories/%2e%2e/%2e%2e/%2e%2e/escape.webm`, {
      method: "POST",
      headers: {
        apikey: inject("authServiceRoleKey"),
        authorization: `Bearer ${inject("authServiceRoleKey")}`,
        "content-type": "application/json",
      },
      body: "{}",
    });
    // URL parsing turns %2e%2e into "..": what is left names no bucket, so nothing is signed.
    expect([400, 404]).toContain(response.status);
    expect(await response.json()).not.toHaveProperty("url");
  });
});
