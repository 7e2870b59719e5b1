import { beforeEach, describe, expect, it } from "vitest";
import { POST as partnerPOST } from "@/app/api/campaign/partners/route";
import { POST as pledgePOST } from "@/app/api/campaign/pledges/route";
import { suiteSql } from "../../fixtures/db";
import { inboxFor } from "../../fixtures/inbox";
import { jobsSettled, outboxFor } from "../../fixtures/jobs";
import { campaignPost, freshAddress } from "./campaign-request";

// The campaign forms must not relay a stranger's text to any address,
// nor tell a stranger whether an address has pledged.

const sql = suiteSql();
const TEAM = "partners@glucosechallenge.app";
const PHISH = "Your account is suspended, call +1 555 0100";

const unique = (prefix: string) => `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}`;
const pledge = (body: unknown, address = freshAddress()) => pledgePOST(campaignPost("/api/campaign/pledges", body, address));
const signPartner = (body: unknown, address = freshAddress()) => partnerPOST(campaignPost("/api/campaign/partners", body, address));

beforeEach(async () => {
  await sql`delete from campaign_pledges`;
  await sql`delete from campaign_partners`;
});

describe("the partner form as a mail relay", () => {
  it("15 posts from 3 addresses put at most one email in the target's inbox, with none of the visitor's text", async () => {
    const local = unique("target");
    const target = `${local}@gmail.com`;
    const orgName = `Security Desk ${local}`;
    // The same inbox written other ways (capitals, a +tag, Gmail's dots) is still one recipient.
    const spellings = [target, target.toUpperCase(), `${local}+x@gmail.com`, `${local.replaceAll(".", "")}@googlemail.com`];
    for (const address of [freshAddress(), freshAddress(), freshAddress()]) {
      for (let i = 0; i < 5; i++) {
        const response = await signPartner(
          { name: PHISH, email: spellings[i % spellings.length], orgName, orgType: "other", region: "europe" },
          address,
        );
        expect(response.status).toBeLessThan(300);
      }
    }
    await jobsSettled(sql);
    const received = [
      ...(await inboxFor(target)),
      ...(await inboxFor(`${local}+x@gmail.com`)),
      ...(await inboxFor(`${local.replaceAll(".", "")}@googlemail.com`)),
    ];
    expect(received.length).toBeLessThanOrEqual(1);
    for (const mail of received) {
      expect(mail.subject).not.toBe("Welcome to MAGIC!");
      for (const part of [mail.subject, mail.text, mail.html ?? ""]) {
        expect(part).not.toContain("suspended");
        expect(part).not.toContain("Security Desk");
      }
    }
    // Nothing reaches the campaign team either until the address confirms.
    expect((await inboxFor(TEAM)).filter((m) => m.text.includes(orgName))).toEqual([]);
  });
});

describe("the pledge form", () => {
  it("answers the same for a new address, a pending one and one that already pledged: no number, no created flag", async () => {
    const pledged = `${unique("pledger")}@example.com`;
    await sql`insert into campaign_pledges (pledge_number, name, email, email_identity) values (1, 'Maya', ${pledged}, ${pledged})`;
    const fresh = `${unique("newcomer")}@example.com`;
    const answers = [
      await pledge({ name: "Noor", email: fresh }),
      await pledge({ name: "Noor again", email: fresh }),
      await pledge({ name: "Someone else", email: pledged }),
    ];
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(new Set(answers.map((r) => r.status)).size).toBe(1);
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    const answer = JSON.stringify(bodies[0]);
    expect(answer).not.toMatch(/pledgeNumber|created|tier|badge|shareUrl/);
  });

  it("sends no badge email and no visitor text to an address that has not confirmed", async () => {
    const email = `${unique("unconfirmed")}@example.com`;
    expect((await pledge({ name: PHISH, email })).status).toBeLessThan(300);
    await jobsSettled(sql);
    const received = await inboxFor(email);
    expect(received).toHaveLength(1);
    expect(received[0]?.subject).not.toMatch(/badge|pledger/i);
    expect(received[0]?.text).not.toContain("suspended");
    expect(received[0]?.html ?? "").not.toContain("suspended");
    expect((await outboxFor(sql, email)).map((row) => row.kind)).not.toContain("pledge-confirmation");
  });
});
