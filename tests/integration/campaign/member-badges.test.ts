import { beforeEach, describe, expect, it } from "vitest";
import { POST } from "@/app/api/campaign/pledges/route";
import { GET as getBadges } from "@/app/api/users/me/badges/route";
import { suiteSql } from "../../fixtures/db";
import { member } from "../../fixtures/referrals";
import { campaignPost, freshAddress } from "./campaign-request";
import { confirmLatest } from "./confirm-submission";

const sql = suiteSql();

const pledge = (body: { name: string; email: string }) => POST(campaignPost("/api/campaign/pledges", body, freshAddress()));
/** A pledge its address confirmed (D18). */
const confirmedPledge = async (body: { name: string; email: string }) => {
  await pledge(body);
  await confirmLatest(sql, body.email);
};

async function badgesOf(token?: string) {
  const headers = new Headers({ "x-real-ip": freshAddress() });
  if (token) headers.set("authorization", `Bearer ${token}`);
  const response = await getBadges(new Request("http://localhost:3000/api/users/me/badges", { headers }));
  return { status: response.status, body: (await response.json()) as { data?: { badges: Record<string, unknown>[] }; error?: string } };
}

beforeEach(async () => {
  await sql`delete from campaign_pledges`;
});

describe("GET /api/users/me/badges", () => {
  it("needs a token", async () => {
    const { status, body } = await badgesOf();
    expect(status).toBe(401);
    expect(body.error).toBe("No authentication token available");
  });

  it("is empty until the member pledges, then shows the badge their place earned", async () => {
    const maya = await member("maya-badges", `maya.badges.${Date.now()}@gmail.com`);
    expect((await badgesOf(maya.token)).body.data).toEqual({ badges: [] });

    await confirmedPledge({ name: "Someone", email: "someone.else@example.com" });
    // The same inbox written another way (capitals, a +tag, Gmail's dots) is the member's pledge.
    const [local, domain] = maya.email.split("@");
    const typed = `${local!.replaceAll(".", "").toUpperCase()}+campaign@${domain}`;
    expect((await pledge({ name: "Maya", email: typed })).status).toBe(202);
    // Not until the address confirms it (D18).
    expect((await badgesOf(maya.token)).body.data).toEqual({ badges: [] });
    await confirmLatest(sql, typed);

    const { body } = await badgesOf(maya.token);
    expect(body.data!.badges).toEqual([
      {
        id: "pledge-2",
        name: "Founding 100",
        description: "Pledger #2 of the million-strong glucose health campaign.",
        imageUrl: "/api/campaign/pledges/2/card",
        dateEarned: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        source: "campaign",
        tier: "gold",
      },
    ]);
  });

  it("never shows another person's pledge, and tells nothing about who pledged", async () => {
    await confirmedPledge({ name: "Ana", email: "ana.private@example.com" });
    const stranger = await member("stranger-badges");
    const { body } = await badgesOf(stranger.token);
    expect(body.data).toEqual({ badges: [] });
    expect(JSON.stringify(body)).not.toContain("ana");
  });
});
