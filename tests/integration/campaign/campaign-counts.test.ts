import { beforeEach, describe, expect, it } from "vitest";
import { POST as partnerPOST } from "@/app/api/campaign/partners/route";
import { GET as countsGET, POST as pledgePOST } from "@/app/api/campaign/pledges/route";
import { suiteSql } from "../../fixtures/db";
import { campaignPost, freshAddress } from "./campaign-request";
import { confirmLatest } from "./confirm-submission";

// DESIGN D6: /magic's numbers are real: confirmed pledges and confirmed partner pledges, counted from
// the first (the spec's fixed 127,845 is no offset).

const sql = suiteSql();
const unique = (prefix: string) => `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
const counts = async () =>
  (
    (await (
      await countsGET(new Request("http://localhost:3000/api/campaign/pledges", { headers: { "x-real-ip": freshAddress() } }))
    ).json()) as { data: unknown }
  ).data;

beforeEach(async () => {
  await sql`delete from campaign_pledges`;
  await sql`delete from campaign_partners`;
});

describe("GET /api/campaign/pledges", () => {
  it("counts confirmed pledges and confirmed partners, each from zero", async () => {
    expect(await counts()).toEqual({ pledges: 0, partners: 0 });
    const partner = unique("clinic");
    await partnerPOST(
      campaignPost(
        "/api/campaign/partners",
        { name: "Grace", email: partner, orgName: "Harbor Clinic", orgType: "healthcare", region: "europe" },
        freshAddress(),
      ),
    );
    const pledger = unique("maya");
    await pledgePOST(campaignPost("/api/campaign/pledges", { name: "Maya", email: pledger }, freshAddress()));
    // Not confirmed yet: nothing counts.
    expect(await counts()).toEqual({ pledges: 0, partners: 0 });
    await confirmLatest(sql, partner);
    const { pledge } = await confirmLatest(sql, pledger);
    expect(pledge?.pledgeNumber).toBe(1);
    expect(await counts()).toEqual({ pledges: 1, partners: 1 });
  });

  it("counts an organisation once however often the same address confirms its partner pledge", async () => {
    const partner = unique("twice");
    for (let day = 0; day < 2; day++) {
      await partnerPOST(
        campaignPost(
          "/api/campaign/partners",
          { name: "Grace", email: partner, orgName: "Harbor Clinic", orgType: "healthcare", region: "europe" },
          freshAddress(),
        ),
      );
      await confirmLatest(sql, partner);
      // The next day: the address may be sent another confirmation.
      await sql`update address_confirmations set created_at = created_at - interval '25 hours', expires_at = expires_at - interval '25 hours' where email = ${partner}`;
    }
    expect(await sql`select 1 from campaign_partners where email = ${partner}`).toHaveLength(2);
    expect(await counts()).toMatchObject({ partners: 1 });
  });
});
