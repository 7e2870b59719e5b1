import { randomUUID } from "node:crypto";
import { createClient } from "@supabase/supabase-js";
import type { TransactionSql } from "postgres";
import { beforeEach, describe, expect, inject, it } from "vitest";
import WebSocket from "ws";
import { GET as publicStories, POST as submitStory } from "@/app/api/campaign/stories/route";
import { POST as uploadRoute } from "@/app/api/campaign/stories/upload/route";
import { POST as outreachRoute } from "@/app/api/operator/campaign/stories/[id]/outreach/route";
import { POST as statusRoute } from "@/app/api/operator/campaign/stories/[id]/status/route";
import { GET as videoRoute } from "@/app/api/operator/campaign/stories/[id]/video/route";
import { STORY_BUCKET } from "@/lib/campaign/story-media";
import type { ListCursor } from "@/lib/operator/list-query";
import { storyModerationQuery } from "@/server/db/operator/operator-stories";
import { storyModerationPage } from "@/server/operator/story-moderation";
import { createAdminClient } from "@/server/supabase/admin";
import { approveStory } from "../../fixtures/campaign-stories";
import { actAsApiRole, suiteSql } from "../../fixtures/db";
import { auditEntriesOf, signedInOperator } from "../../fixtures/operators";
import { operatorCall } from "../../fixtures/operator-orders";
import { SITE, signedInMember } from "../../fixtures/payments";
import { webmBytes } from "../../fixtures/story-videos";
import { campaignPost, freshAddress } from "../campaign/campaign-request";

// Campaign: an operator approves a story (the public list /magic and the community stories
// grid read has it at once, ahead of the samples) or rejects it (it is not, or no longer, shown), each
// decision audited; a pending story's video plays for operators only.

// The public list is shared for a minute here, as an instance would (1 s by default): an operator's
// decision must still show at once on the instance that made it.
process.env.PUBLIC_READ_CACHE_MS = "60000";

const sql = suiteSql();
const browser = createClient(inject("authUrl"), inject("authAnonKey"), {
  auth: { persistSession: false },
  realtime: { transport: WebSocket as never },
});

type PublicStory = { voiceNumber: number; format: string; topic: string | null; content: string; createdAt: string };

async function shown(): Promise<PublicStory[]> {
  const response = await publicStories(
    new Request("http://localhost:3000/api/campaign/stories", { headers: { "x-real-ip": freshAddress() } }),
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { stories: PublicStory[] } }).data.stories;
}

/** A text story sent from /magic, as a visitor sends it: its id and voice number. */
async function tell(content: string): Promise<{ id: string; voiceNumber: number }> {
  const response = await submitStory(
    campaignPost("/api/campaign/stories", { type: "text", content, topic: "CGM Surprise" }, freshAddress()),
  );
  expect(response.status).toBe(201);
  const { voiceNumber } = ((await response.json()) as { data: { voiceNumber: number } }).data;
  const [row] = await sql<{ id: string }[]>`select id from campaign_stories where story_number = ${voiceNumber}`;
  return { id: row!.id, voiceNumber };
}

/** A video story recorded in the wizard and uploaded to Storage as the browser does: its id, path and bytes. */
async function recordVideo(size = 4000): Promise<{ id: string; path: string; bytes: Uint8Array }> {
  const asked = await uploadRoute(
    campaignPost("/api/campaign/stories/upload", { contentType: "video/webm", size, durationSeconds: 12 }, freshAddress()),
  );
  expect(asked.status).toBe(201);
  const { data } = (await asked.json()) as { data: { bucket: string; path: string; token: string } };
  const bytes = webmBytes(size);
  for (let i = 16; i < size; i++) bytes[i] = i % 251;
  const put = await browser.storage
    .from(data.bucket)
    .uploadToSignedUrl(data.path, data.token, bytes.buffer as ArrayBuffer, { contentType: "video/webm" });
  expect(put.error).toBeNull();
  const submitted = await submitStory(
    campaignPost("/api/campaign/stories", { type: "video", source: "story_wizard", mediaPath: data.path }, freshAddress()),
  );
  expect(submitted.status).toBe(201);
  const [row] = await sql<{ id: string }[]>`select id from campaign_stories where media_path = ${data.path}`;
  return { id: row!.id, path: data.path, bytes };
}

const outreach = (id: string, body: unknown, token?: string) =>
  operatorCall(outreachRoute, `/api/operator/campaign/stories/${id}/outreach`, { token, body, params: { id } });
const review = (id: string, body: unknown, token?: string) =>
  operatorCall(statusRoute, `/api/operator/campaign/stories/${id}/status`, { token, body, params: { id } });

function playVideo(id: string, options: { token?: string; range?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.range) headers.range = options.range;
  return videoRoute(new Request(`${SITE}/api/operator/campaign/stories/${id}/video`, { headers }), { params: Promise.resolve({ id }) });
}

beforeEach(async () => {
  await sql`delete from campaign_stories`;
});

describe("approving and rejecting a story", () => {
  it("approves a story: the public list has it at once, the latest approval first; a rejection takes it off at once", async () => {
    const operator = await signedInOperator("story-approver");
    const earlier = await tell("Oatmeal spiked me to 190; eggs first fixed it.");
    const story = await tell("A walk after dinner halves my spike.");
    expect(await shown()).toEqual([]);
    // The list is shared for a minute: a story approved behind the area's back is not seen yet...
    await approveStory(sql, earlier.voiceNumber);
    expect(await shown()).toEqual([]);

    // ...but an operator's approval is, on this instance at once.
    const approved = await review(story.id, { status: "approved" }, operator.token);
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({
      id: story.id,
      voiceNumber: story.voiceNumber,
      status: "approved",
      rejectionReason: null,
      changed: true,
    });
    expect(await shown()).toEqual([
      {
        voiceNumber: story.voiceNumber,
        format: "text",
        topic: "CGM Surprise",
        content: "A walk after dinner halves my spike.",
        createdAt: expect.any(String),
      },
      expect.objectContaining({ voiceNumber: earlier.voiceNumber }),
    ]);

    const rejected = await review(story.id, { status: "rejected", reason: "  Names a brand.  " }, operator.token);
    expect(rejected.body.data).toMatchObject({ status: "rejected", rejectionReason: "Names a brand.", changed: true });
    expect((await shown()).map((s) => s.voiceNumber)).toEqual([earlier.voiceNumber]);
    expect(await sql`select status, approved, rejection_reason, reviewed_by from campaign_stories where id = ${story.id}`).toEqual([
      { status: "rejected", approved: false, rejection_reason: "Names a brand.", reviewed_by: operator.userId },
    ]);

    // The same decision again changes nothing and is not logged; approving again brings it back.
    expect((await review(story.id, { status: "rejected", reason: "Names a brand." }, operator.token)).body.data).toMatchObject({
      changed: false,
    });
    expect((await review(story.id, { status: "approved" }, operator.token)).body.data).toMatchObject({
      status: "approved",
      rejectionReason: null,
    });
    expect((await shown())[0]!.voiceNumber).toBe(story.voiceNumber);

    const entries = await auditEntriesOf(sql, story.id);
    expect(entries.map(({ action, subject_type, before, after }) => ({ action, subject_type, before, after }))).toEqual([
      {
        action: "story.approve",
        subject_type: "story",
        before: { status: "pending", rejection_reason: null },
        after: { status: "approved", rejection_reason: null },
      },
      {
        action: "story.reject",
        subject_type: "story",
        before: { status: "approved", rejection_reason: null },
        after: { status: "rejected", rejection_reason: "Names a brand." },
      },
      {
        action: "story.approve",
        subject_type: "story",
        before: { status: "rejected", rejection_reason: "Names a brand." },
        after: { status: "approved", rejection_reason: null },
      },
    ]);
    expect(entries.every((entry) => entry.actor_id === operator.userId && entry.actor === operator.email)).toBe(true);
  });

  it("rejects a request to be reached (nothing recorded yet) but refuses to approve it (409)", async () => {
    const operator = await signedInOperator("story-contact-op");
    const [row] = await sql<{ id: string }[]>`
      insert into campaign_stories (story_number, format, content, source, contact_email)
      values (1, 'video', '', 'magic_form', 'noor@example.com') returning id`;
    const refused = await review(row!.id, { status: "approved" }, operator.token);
    expect(refused).toEqual({
      status: 409,
      body: { error: "This story has nothing to show yet: its teller asked the team to reach out and record it.", code: "conflict" },
    });
    expect((await review(row!.id, { status: "rejected" }, operator.token)).body.data).toMatchObject({
      status: "rejected",
      rejectionReason: null,
    });
    expect((await auditEntriesOf(sql, row!.id)).map((e) => e.action)).toEqual(["story.reject"]);
  });

  it("moves a request to be recorded through reached out and recorded, audited, and lists the step with who made it", async () => {
    const operator = await signedInOperator("story-outreach-op");
    const [row] = await sql<{ id: string }[]>`
      insert into campaign_stories (story_number, format, content, source, contact_email)
      values (1, 'audio', '', 'magic_form', 'lena@example.com') returning id`;
    const reached = await outreach(row!.id, { outreach: "reached_out" }, operator.token);
    expect(reached.body.data).toMatchObject({ id: row!.id, outreach: "reached_out", changed: true });
    // The same step again changes nothing and is not logged twice.
    expect((await outreach(row!.id, { outreach: "reached_out" }, operator.token)).body.data).toMatchObject({ changed: false });
    expect((await outreach(row!.id, { outreach: "recorded" }, operator.token)).body.data).toMatchObject({
      outreach: "recorded",
      changed: true,
    });
    const [listed] = (await storyModerationPage("pending", null)).rows;
    expect(listed!.outreach).toMatchObject({ state: "recorded", by: operator.email });
    expect((await outreach(row!.id, { outreach: null }, operator.token)).body.data).toMatchObject({
      outreach: null,
      outreachAt: null,
      changed: true,
    });
    expect((await auditEntriesOf(sql, row!.id)).map((e) => [e.action, e.before, e.after])).toEqual([
      ["story.reach_out", { outreach: null }, { outreach: "reached_out" }],
      ["story.record", { outreach: "reached_out" }, { outreach: "recorded" }],
      ["story.outreach_clear", { outreach: "recorded" }, { outreach: null }],
    ]);
  });

  it("refuses an outreach step on a story that was sent with its words (409), a bad step (422), a member (403) and an unknown story (404)", async () => {
    const operator = await signedInOperator("story-outreach-bad");
    const member = await signedInMember("story-outreach-member");
    const story = await tell("Rice at night, a flat line.");
    expect(await outreach(story.id, { outreach: "reached_out" }, operator.token)).toEqual({
      status: 409,
      body: { error: "Only a story its teller asked the team to record has an outreach step.", code: "conflict" },
    });
    for (const body of [{}, { outreach: "called" }, { outreach: "recorded\u0000" }, { outreach: 1 }]) {
      expect((await outreach(story.id, body, operator.token)).status, JSON.stringify(body)).toBe(422);
    }
    expect((await outreach(story.id, { outreach: "reached_out" }, member.token)).status).toBe(403);
    expect((await outreach(randomUUID(), { outreach: "reached_out" }, operator.token)).status).toBe(404);
    expect(await sql`select 1 from campaign_stories where id = ${story.id} and outreach is not null`).toHaveLength(0);
    expect(await auditEntriesOf(sql, story.id)).toHaveLength(0);
  });

  it("answers 422 to a malformed decision, reason or id and 404 to a story that does not exist, changing nothing", async () => {
    const operator = await signedInOperator("story-bad-input");
    const story = await tell("My numbers after pasta surprised me.");
    for (const body of [
      {},
      { status: "pending" },
      { status: "maybe" },
      { status: "approved", reason: "why not" },
      { status: "rejected", reason: "x".repeat(501) },
      { status: "rejected", reason: 7 },
      { status: "rejected", reason: "a\u0007b" },
    ]) {
      const answer = await review(story.id, body, operator.token);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.code).toBe("validation_failed");
    }
    expect((await review("not-a-story", { status: "approved" }, operator.token)).status).toBe(422);
    expect((await review(randomUUID(), { status: "approved" }, operator.token)).status).toBe(404);
    expect(await sql`select status from campaign_stories where id = ${story.id}`).toEqual([{ status: "pending" }]);
    expect(await auditEntriesOf(sql, story.id)).toEqual([]);
  });

  it("refuses a visitor and a member (403), and a member's token cannot approve through the Data API", async () => {
    const story = await tell("Sleep changed my fasting glucose.");
    const member = await signedInMember("story-member");
    for (const token of [undefined, member.token, "not-a-token"]) {
      expect(await review(story.id, { status: "approved" }, token)).toEqual({
        status: 403,
        body: { error: "This is for operators only.", code: "forbidden" },
      });
    }
    for (const statement of [
      (tx: TransactionSql) => tx`update public.campaign_stories set status = 'approved', reviewed_at = now() where id = ${story.id}`,
      (tx: TransactionSql) => tx`select status from public.campaign_stories`,
      (tx: TransactionSql) =>
        tx`insert into public.operator_audit_log (actor_id, actor, action, subject_type, subject_id) values (${member.userId}, ${member.email}, 'story.approve', 'story', ${story.id})`,
    ]) {
      await expect(
        sql.begin(async (tx) => {
          await actAsApiRole(tx, { role: "authenticated", sub: member.userId });
          await statement(tx);
        }),
      ).rejects.toThrow(/permission denied for table (campaign_stories|operator_audit_log)/);
    }
    expect(await sql`select status from campaign_stories where id = ${story.id}`).toEqual([{ status: "pending" }]);
    expect(await shown()).toEqual([]);
  });
});

describe("the moderation list", () => {
  it("shows one status at a time, newest first, a page at a time, through an index", async () => {
    for (let n = 1; n <= 70; n++) {
      await sql`
        insert into campaign_stories (story_number, format, content, source, created_at, status, reviewed_at)
        values (${n}, 'text', ${`Story ${n}`}, 'magic_form', now() - make_interval(mins => ${80 - n}),
          ${n % 4 === 0 ? "approved" : "pending"}, ${n % 4 === 0 ? sql`now()` : null})`;
    }
    const first = await storyModerationPage("pending", null);
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]).toMatchObject({ voiceNumber: 70, status: "pending", content: "Story 70", hasVideo: false, review: null });
    const second = await storyModerationPage("pending", first.next);
    expect(second.rows.map((s) => s.voiceNumber)).toEqual([3, 2, 1]);
    expect(second.next).toBeNull();
    expect((await storyModerationPage("approved", null)).rows.map((s) => s.voiceNumber)).toEqual([
      68, 64, 60, 56, 52, 48, 44, 40, 36, 32, 28, 24, 20, 16, 12, 8, 4,
    ]);
    expect((await storyModerationPage("rejected", null)).rows).toEqual([]);

    const cursor: ListCursor = ["2026-11-29T10:00:00.000000Z", randomUUID()];
    for (const status of ["pending", "approved", "rejected"] as const) {
      for (const after of [null, cursor]) {
        const plan = await sql.begin(async (tx) => {
          await tx`set local enable_seqscan = off`;
          await tx`set local enable_sort = off`;
          await tx`set local enable_bitmapscan = off`;
          return (await tx<{ "QUERY PLAN": string }[]>`explain ${storyModerationQuery(tx, status, after)}`)
            .map((r) => r["QUERY PLAN"])
            .join("\n");
        });
        expect(plan, `${status} ${JSON.stringify(after)}`).not.toMatch(/Seq Scan on campaign_stories|Sort\b/);
      }
    }
  });
});

describe("a story's video", () => {
  it("plays for an operator while pending, as stored: its type, nosniff, never cached, a range when asked", async () => {
    const operator = await signedInOperator("story-video-op");
    const video = await recordVideo(4000);
    const [listed] = (await storyModerationPage("pending", null)).rows;
    expect(listed).toMatchObject({ id: video.id, format: "video", hasVideo: true, content: "" });

    const whole = await playVideo(video.id, { token: operator.token });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("video/webm");
    expect(whole.headers.get("x-content-type-options")).toBe("nosniff");
    expect(whole.headers.get("cache-control")).toBe("private, no-store");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(video.bytes);

    const part = await playVideo(video.id, { token: operator.token, range: "bytes=100-199" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 100-199/4000");
    expect(part.headers.get("content-type")).toBe("video/webm");
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(video.bytes.subarray(100, 200));

    // A range header that is not one plain range is not passed on: the whole video comes.
    expect((await playVideo(video.id, { token: operator.token, range: "bytes=0-1,5-9" })).status).toBe(200);
  });

  it("is not reachable by anyone else while pending: the area's route refuses, Storage keeps it private, the public list names no file", async () => {
    const video = await recordVideo(2000);
    const member = await signedInMember("story-video-member");
    for (const token of [undefined, member.token]) {
      const answer = await playVideo(video.id, { token });
      expect(answer.status).toBe(403);
      expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    }
    const { data: bucket } = await createAdminClient().storage.getBucket(STORY_BUCKET);
    expect(bucket?.public).toBe(false);
    // The anon key (a browser's) can neither read the file nor sign a link to it.
    expect((await browser.storage.from(STORY_BUCKET).download(video.path)).data).toBeNull();
    expect((await browser.storage.from(STORY_BUCKET).createSignedUrl(video.path, 60)).data).toBeNull();
    expect(await shown()).toEqual([]);

    const operator = await signedInOperator("story-video-approver");
    expect((await review(video.id, { status: "approved" }, operator.token)).status).toBe(200);
    const stories = await shown();
    expect(stories).toEqual([
      { voiceNumber: expect.any(Number), format: "video", topic: null, content: "", createdAt: expect.any(String) },
    ]);
    expect(JSON.stringify(stories)).not.toContain(video.path.split("/")[1]!.split(".")[0]!);
  });

  it("answers 404 for a story without a video and 422 for an id that is not one", async () => {
    const operator = await signedInOperator("story-no-video-op");
    const story = await tell("Words only.");
    const none = await playVideo(story.id, { token: operator.token });
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({ error: "This story has no video.", code: "not_found" });
    expect((await playVideo("../../etc/passwd", { token: operator.token })).status).toBe(422);
  });
});
