import { beforeEach, describe, expect, it } from "vitest";
import { GET, POST } from "@/app/api/campaign/stories/route";
import { approveStory } from "../../fixtures/campaign-stories";
import { suiteSql } from "../../fixtures/db";
import { campaignPost, freshAddress } from "./campaign-request";

// Submitted stories are kept but shown only once approved: the public list has approved stories
// only, newest first, at most 12, and nothing about who sent them.

const sql = suiteSql();

const list = async () => {
  const response = await GET(new Request("http://localhost:3000/api/campaign/stories", { headers: { "x-real-ip": freshAddress() } }));
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { stories: Record<string, unknown>[] } }).data.stories;
};
const tell = async (content: string, topic?: string) => {
  const response = await POST(
    campaignPost("/api/campaign/stories", { type: "text", content, ...(topic ? { topic } : {}) }, freshAddress()),
  );
  return ((await response.json()) as { data: { voiceNumber: number } }).data.voiceNumber;
};

beforeEach(async () => {
  await sql`delete from campaign_stories`;
});

describe("GET /api/campaign/stories", () => {
  it("keeps a new story unapproved, and lists a story once it is approved, with only what may be shown", async () => {
    const first = await tell("Oatmeal spiked me to 190.", "CGM Surprise");
    const second = await tell("A walk after dinner halves my spike.");
    expect(await sql`select status, approved from campaign_stories order by story_number`).toEqual([
      { status: "pending", approved: false },
      { status: "pending", approved: false },
    ]);
    expect(await list()).toEqual([]);

    await approveStory(sql, first);
    const stories = await list();
    expect(stories).toEqual([
      { voiceNumber: first, format: "text", topic: "CGM Surprise", content: "Oatmeal spiked me to 190.", createdAt: expect.any(String) },
    ]);
    expect(second).toBe(first + 1);
  });

  it("never shows a storyteller's address or a recording's path", async () => {
    await sql`
      insert into campaign_stories (story_number, format, content, source, contact_email, status, reviewed_at)
      values (1, 'video', '', 'magic_form', 'noor@example.com', 'approved', now())`;
    const stories = await list();
    expect(stories).toHaveLength(1);
    expect(Object.keys(stories[0] ?? {}).sort()).toEqual(["content", "createdAt", "format", "topic", "voiceNumber"]);
    expect(JSON.stringify(stories)).not.toContain("noor@example.com");
  });

  it("lists the 12 latest approved stories, the latest approval first", async () => {
    for (let n = 1; n <= 14; n++) {
      await sql`
        insert into campaign_stories (story_number, format, content, source, status, reviewed_at, created_at)
        values (${n}, 'text', ${`Story ${n}`}, 'magic_form', 'approved', now() - make_interval(mins => ${60 - n}), now() - make_interval(days => 1))`;
    }
    expect((await list()).map((s) => s.voiceNumber)).toEqual([14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    // An older story approved now leads.
    await sql`
      insert into campaign_stories (story_number, format, content, source, created_at) values (15, 'text', 'Story 15', 'magic_form', now() - make_interval(days => 30))`;
    await approveStory(sql, 15);
    expect((await list()).map((s) => s.voiceNumber).slice(0, 2)).toEqual([15, 14]);
  });
});
