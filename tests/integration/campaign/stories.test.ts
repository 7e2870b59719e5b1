import { beforeEach, describe, expect, it } from "vitest";
import { createClient } from "@supabase/supabase-js";
import { inject } from "vitest";
import WebSocket from "ws";
import { POST } from "@/app/api/campaign/stories/route";
import { POST as uploadPOST } from "@/app/api/campaign/stories/upload/route";
import { suiteSql } from "../../fixtures/db";
import { webmBytes } from "../../fixtures/story-videos";
import { campaignPost, freshAddress } from "./campaign-request";

const sql = suiteSql();

const submit = (body: unknown, address = freshAddress()) => POST(campaignPost("/api/campaign/stories", body, address));
const stories = () => sql<
  { format: string; content: string; story_number: number; social_post_id: string | null; media_path: string | null }[]
>`
  select format, content, story_number::int, social_post_id, media_path from campaign_stories order by story_number`;

beforeEach(async () => {
  await sql`delete from campaign_stories`;
});

describe("POST /api/campaign/stories", () => {
  it("keeps a text story, makes an editable social post from it and answers its voice number and edit link", async () => {
    const response = await submit({ type: "text", content: "  My CGM showed oatmeal spiking me to 190.  " });
    expect(response.status).toBe(201);
    const { data } = await response.json();
    expect(data.voiceNumber).toBe(1);
    expect(data.editLink).toMatch(/^http:\/\/localhost:3000\/edit-post\?post=[0-9a-f-]{36}&token=[A-Za-z0-9_-]+$/);
    const [story] = await stories();
    expect(story).toMatchObject({ format: "text", content: "My CGM showed oatmeal spiking me to 190.", story_number: 1 });
    const postId = new URL(data.editLink).searchParams.get("post");
    expect(story?.social_post_id).toBe(postId);
    const [post] = await sql`select source, story_messages from social_posts where id = ${postId}`;
    expect(post).toEqual({ source: "campaign", story_messages: [{ sender: "user", content: "My CGM showed oatmeal spiking me to 190." }] });
  });

  it("keeps the wizard's video once the browser has uploaded it to Storage through the signed URL", async () => {
    const upload = await uploadPOST(
      campaignPost(
        "/api/campaign/stories/upload",
        { contentType: "video/webm;codecs=vp8,opus", size: 2048, durationSeconds: 154.2 },
        freshAddress(),
      ),
    );
    expect(upload.status).toBe(201);
    const { data } = await upload.json();
    expect(data).toMatchObject({ bucket: "campaign-stories", path: expect.stringMatching(/^stories\/[0-9a-f-]{36}\.webm$/) });

    // Not uploaded yet: the story is refused and nothing is kept.
    const early = await submit({ type: "video", source: "story_wizard", topic: "CGM Surprise", mediaPath: data.path });
    expect(early.status).toBe(422);
    expect((await early.json()).details).toEqual([{ path: "mediaPath", message: "The recording was not uploaded." }]);
    expect(await stories()).toEqual([]);

    const browser = createClient(inject("authUrl"), inject("authAnonKey"), {
      auth: { persistSession: false },
      realtime: { transport: WebSocket as never },
    });
    const put = await browser.storage
      .from(data.bucket)
      .uploadToSignedUrl(data.path, data.token, webmBytes(2048).buffer as ArrayBuffer, { contentType: "video/webm" });
    expect(put.error).toBeNull();

    const response = await submit({ type: "video", source: "story_wizard", topic: "CGM Surprise", mediaPath: data.path });
    expect(response.status).toBe(201);
    expect((await stories())[0]?.media_path).toBe(data.path);
  });

  it.each([
    [{ contentType: "image/png", size: 10, durationSeconds: 5 }, "contentType", "Please choose a video file (WebM, MP4 or MOV)."],
    [{ contentType: "video/webm", size: 100 * 1024 * 1024 + 1, durationSeconds: 5 }, "size", "This video is too large to upload."],
    [{ contentType: "video/webm", size: 10, durationSeconds: 181 }, "durationSeconds", "Videos can be at most 3 minutes long."],
    [{ contentType: "video/webm", size: 0, durationSeconds: 5 }, "size", "The video is empty."],
  ])("refuses an upload of %j with 422 on %s", async (body, path, message) => {
    const response = await uploadPOST(campaignPost("/api/campaign/stories/upload", body, freshAddress()));
    expect(response.status).toBe(422);
    expect((await response.json()).details).toEqual([{ path, message }]);
  });

  it("limits one address to 10 upload URLs in 10 minutes", async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (
          await uploadPOST(
            campaignPost("/api/campaign/stories/upload", { contentType: "video/webm", size: 10, durationSeconds: 3 }, address),
          )
        ).status,
      );
    }
    expect(statuses).toEqual([...Array<number>(10).fill(201), 429]);
  });

  it("names the stored file itself: a visitor's file name never reaches Storage", async () => {
    const response = await uploadPOST(
      campaignPost(
        "/api/campaign/stories/upload",
        { contentType: "video/mp4", size: 10, durationSeconds: 3, path: "../../etc/passwd", name: "../x" },
        freshAddress(),
      ),
    );
    expect(response.status).toBe(201);
    expect((await response.json()).data.path).toMatch(/^stories\/[0-9a-f-]{36}\.mp4$/);
  });

  it.each([
    [{ type: "text", content: "   " }, "content", "Please write your story."],
    [{ type: "text" }, "content", "Please write your story."],
    [{ type: "poem", content: "hi" }, "type", "Please choose video, audio or text."],
    [{ type: "text", content: "x".repeat(2001) }, "content", "A story must be at most 2000 characters."],
    [{ type: "video", mediaPath: "stories/../../etc/passwd" }, "mediaPath", "The recording is not valid."],
    [{ type: "video", mediaPath: "stories/0f8fad5b-d9cb-469f-a165-70867728950e.exe" }, "mediaPath", "The recording is not valid."],
  ])("answers %j with 422 on %s and keeps nothing", async (body, path, message) => {
    const response = await submit(body);
    expect(response.status).toBe(422);
    expect((await response.json()).details).toEqual([{ path, message }]);
    expect(await stories()).toEqual([]);
  });

  it("keeps a story's post only with the story: when the story cannot be stored, no post is left behind", async () => {
    const marker = `refused-${crypto.randomUUID()}`;
    // The database refuses this one story, as it refused a NUL byte before bodies were checked.
    await sql.unsafe(`
      create or replace function pg_temp_refuse_story() returns trigger language plpgsql as $$
      begin if new.content like '%${marker}%' then raise exception 'refused by the test'; end if; return new; end $$;
      create trigger refuse_story before insert on public.campaign_stories for each row execute function pg_temp_refuse_story();`);
    try {
      const response = await submit({ type: "text", content: `Oatmeal spiked me to 190. ${marker}` });
      expect(response.status).toBe(500);
    } finally {
      await sql.unsafe("drop trigger refuse_story on public.campaign_stories; drop function pg_temp_refuse_story();");
    }
    expect(await sql`select id from social_posts where story_messages::text like ${`%${marker}%`}`).toEqual([]);
    expect(await stories()).toEqual([]);
  });

  it("limits one address to 10 stories in 10 minutes", async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await submit({ type: "text", content: `Story ${i}` }, address)).status);
    expect(statuses).toEqual([...Array<number>(10).fill(201), 429]);
    expect(await stories()).toHaveLength(10);
  });
});
