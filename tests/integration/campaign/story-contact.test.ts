import { beforeEach, describe, expect, it } from "vitest";
import { POST as confirmPOST } from "@/app/api/campaign/confirmations/route";
import { POST as pledgePOST } from "@/app/api/campaign/pledges/route";
import { POST as contactPOST } from "@/app/api/campaign/stories/contact/route";
import { POST as storyPOST } from "@/app/api/campaign/stories/route";
import { suiteSql } from "../../fixtures/db";
import { inboxFor, waitForMail, type InboxMessage } from "../../fixtures/inbox";
import { jobsSettled } from "../../fixtures/jobs";
import { campaignPost, freshAddress } from "./campaign-request";

// The /magic story form's Video and Audio answer promises "We will reach out to record your …
// story": it asks for an address, and nobody contacts that address until it confirms (D18).

const sql = suiteSql();
const TEAM = "partners@glucosechallenge.app";

const unique = (prefix: string) => `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
const askToRecord = (body: unknown) => contactPOST(campaignPost("/api/campaign/stories/contact", body, freshAddress()));
const confirm = async (token: string) => {
  const response = await confirmPOST(campaignPost("/api/campaign/confirmations", { token }, freshAddress()));
  return { status: response.status, body: (await response.json()) as { data?: unknown } };
};
const stories = () => sql<{ format: string; content: string; source: string; contact_email: string | null }[]>`
  select format, content, source, contact_email from campaign_stories order by story_number`;

function tokenOf(mail: InboxMessage | undefined): string {
  const link = mail?.links.find((l) => l.startsWith("http://localhost:3000/magic/confirm?token="));
  if (!link) throw new Error(`no confirmation link in ${JSON.stringify(mail)}`);
  return new URL(link).searchParams.get("token") ?? "";
}

beforeEach(async () => {
  await sql`delete from campaign_stories`;
});

describe("asking to record a video or audio story", () => {
  it("sends one confirmation with no visitor text; the story is kept and the team told only once the address confirms", async () => {
    const email = unique("noor");
    const response = await askToRecord({ format: "video", email });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ data: { received: true } });
    await jobsSettled(sql);
    const [request, ...more] = await inboxFor(email);
    expect(more).toEqual([]);
    expect(request?.subject).toBe("Confirm your story");
    expect(request?.text).toContain("record a video story");
    expect(await stories()).toEqual([]);
    expect((await inboxFor(TEAM)).filter((m) => m.text.includes(email))).toEqual([]);

    const confirmed = await confirm(tokenOf(request));
    expect(confirmed).toEqual({
      status: 200,
      body: { data: { status: "confirmed", purpose: "story-contact", pledge: null, storyFormat: "video" } },
    });
    expect(await stories()).toEqual([{ format: "video", content: "", source: "magic_form", contact_email: email }]);
    await expect
      .poll(async () => (await inboxFor(TEAM)).filter((m) => m.subject === "Reach out to record a video story" && m.text.includes(email)), {
        timeout: 10_000,
      })
      .toHaveLength(1);

    // Using the link again keeps no second story and tells the team nothing more.
    expect((await confirm(tokenOf(request))).body).toEqual({
      data: { status: "already-confirmed", purpose: "story-contact", pledge: null, storyFormat: "video" },
    });
    expect(await stories()).toHaveLength(1);
  });

  it("shares the per-inbox limit with the pledge forms: one confirmation email a day", async () => {
    const email = unique("limit");
    await pledgePOST(campaignPost("/api/campaign/pledges", { name: "Limit", email }, freshAddress()));
    const response = await askToRecord({ format: "audio", email: email.toUpperCase() });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ data: { received: true } });
    await jobsSettled(sql);
    expect((await inboxFor(email)).map((m) => m.subject)).toEqual(["Confirm your pledge"]);
  });

  it.each([
    [{ format: "video" }, "email"],
    [{ format: "video", email: "not an address" }, "email"],
    [{ format: "text", email: "a@example.com" }, "format"],
  ])("answers %j with 422 on %s and sends nothing", async (body, path) => {
    const response = await askToRecord(body);
    expect(response.status).toBe(422);
    expect(((await response.json()) as { details: { path: string }[] }).details.map((d) => d.path)).toEqual([path]);
    expect(await sql`select 1 from address_confirmations where purpose = 'story-contact' and email = 'a@example.com'`).toHaveLength(0);
  });
});

describe("POST /api/campaign/stories keeps only the chosen format's data", () => {
  it.each([
    [{ type: "video", content: "words typed before switching to Video" }, "content"],
    [{ type: "audio" }, "mediaPath"],
    [{ type: "video" }, "mediaPath"],
  ])("answers %j with 422 on %s and keeps nothing", async (body, path) => {
    const response = await storyPOST(campaignPost("/api/campaign/stories", body, freshAddress()));
    expect(response.status).toBe(422);
    expect(((await response.json()) as { details: { path: string }[] }).details.map((d) => d.path)).toEqual([path]);
    expect(await stories()).toEqual([]);
    expect(await sql`select 1 from social_posts where story_messages::text like '%words typed before switching%'`).toEqual([]);
  });
});

describe("the confirmation email of a story", () => {
  it("names the format chosen", async () => {
    const email = unique("audio");
    await askToRecord({ format: "audio", email });
    const [mail] = await waitForMail(email);
    expect(mail?.subject).toBe("Confirm your story");
    expect(mail?.text).toContain("record an audio story");
  });
});
