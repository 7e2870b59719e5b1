import { beforeEach, describe, expect, it } from "vitest";
import { POST as confirmPOST } from "@/app/api/campaign/confirmations/route";
import { POST as partnerPOST } from "@/app/api/campaign/partners/route";
import { GET as pledgesGET, POST as pledgePOST } from "@/app/api/campaign/pledges/route";
import { pruneOldRecords } from "@/server/scheduled/prune-old-records";
import { suiteSql } from "../../fixtures/db";
import { inboxFor, waitForMail, type InboxMessage } from "../../fixtures/inbox";
import { jobsSettled, outboxFor } from "../../fixtures/jobs";
import { campaignPost, freshAddress } from "./campaign-request";

// D18: a pledge or partner pledge is kept, and its emails sent, only once its address confirms it.

const sql = suiteSql();
const TEAM = "partners@glucosechallenge.app";

const unique = (prefix: string) => `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
const pledge = (body: unknown) => pledgePOST(campaignPost("/api/campaign/pledges", body, freshAddress()));
const signPartner = (body: unknown) => partnerPOST(campaignPost("/api/campaign/partners", body, freshAddress()));
const confirm = async (token: unknown, address = freshAddress()) => {
  const response = await confirmPOST(campaignPost("/api/campaign/confirmations", { token }, address));
  return { status: response.status, body: (await response.json()) as { data?: unknown; details?: unknown } };
};
const pledgeCount = async () =>
  (
    (await (
      await pledgesGET(new Request("http://localhost:3000/api/campaign/pledges", { headers: { "x-real-ip": freshAddress() } }))
    ).json()) as { data: { pledges: number } }
  ).data.pledges;

/** The token in a confirmation email's link to /magic/confirm. */
function tokenOf(mail: InboxMessage | undefined): string {
  const link = mail?.links.find((l) => l.startsWith("http://localhost:3000/magic/confirm?token="));
  if (!link) throw new Error(`no confirmation link in ${JSON.stringify(mail)}`);
  return new URL(link).searchParams.get("token") ?? "";
}

async function confirmationTokenFor(email: string): Promise<string> {
  const [mail] = await waitForMail(email);
  return tokenOf(mail);
}

beforeEach(async () => {
  await sql`delete from campaign_pledges`;
  await sql`delete from campaign_partners`;
});

describe("confirming a pledge", () => {
  it("sends one confirmation, then the badge email and the number only once the link is used", async () => {
    const email = unique("maya");
    const response = await pledge({ name: "Maya Rivera", email });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ data: { received: true } });
    await jobsSettled(sql);
    const [first, ...more] = await inboxFor(email);
    expect(more).toEqual([]);
    expect(first?.subject).toBe("Confirm your pledge");
    expect(first?.text).not.toContain("Maya");
    expect(await pledgeCount()).toBe(0);

    const confirmed = await confirm(tokenOf(first));
    expect(confirmed).toEqual({
      status: 200,
      body: {
        data: {
          status: "confirmed",
          purpose: "pledge",
          pledge: { pledgeNumber: 1, tier: "gold", badgeName: "Founding 100", shareUrl: "http://localhost:3000/magic/pledge/1" },
        },
      },
    });
    const badgeMail = (await waitForMail(email, 2)).find((m) => m.subject === "Your Founding 100 badge: pledger #1");
    expect(badgeMail?.text).toContain("Hi Maya Rivera,");
    expect(badgeMail?.links).toContain("http://localhost:3000/magic/pledge/1");
    expect(await sql`select name, email, pledge_number::int from campaign_pledges`).toEqual([
      { name: "Maya Rivera", email, pledge_number: 1 },
    ]);
  });

  it("confirming twice is harmless: no second pledge, no second email", async () => {
    const email = unique("twice");
    await pledge({ name: "Twice", email });
    const token = await confirmationTokenFor(email);
    expect((await confirm(token)).body).toMatchObject({ data: { status: "confirmed" } });
    const again = await Promise.all([confirm(token), confirm(token)]);
    for (const answer of again) {
      expect(answer.body).toEqual({
        data: { status: "already-confirmed", purpose: "pledge", pledge: expect.objectContaining({ pledgeNumber: 1 }) },
      });
    }
    await jobsSettled(sql);
    expect((await outboxFor(sql, email)).map((row) => row.kind)).toEqual(["campaign-confirmation", "pledge-confirmation"]);
    expect(await pledgeCount()).toBe(1);
  });

  it("numbers pledges in the order they are confirmed, so the count is the last number", async () => {
    const early = unique("early");
    const late = unique("late");
    await pledge({ name: "Early", email: early });
    await pledge({ name: "Late", email: late });
    const earlyToken = await confirmationTokenFor(early);
    const lateToken = await confirmationTokenFor(late);
    expect((await confirm(lateToken)).body).toMatchObject({ data: { pledge: { pledgeNumber: 1 } } });
    expect((await confirm(earlyToken)).body).toMatchObject({ data: { pledge: { pledgeNumber: 2 } } });
    expect(await pledgeCount()).toBe(2);
  });

  it("an address that already pledged gets its own number again by email, under the name it confirmed", async () => {
    const email = unique("again");
    await pledge({ name: "First Name", email });
    await confirm(await confirmationTokenFor(email));
    await waitForMail(email, 2);
    // A day later someone types the same address with another name.
    await sql`update address_confirmations set created_at = now() - interval '25 hours', expires_at = now() + interval '1 hour' where email = ${email}`;
    await pledge({ name: "Call 555 0100 now", email: email.toUpperCase() });
    const [latest] = await waitForMail(email, 3);
    expect(latest?.subject).toBe("Confirm your pledge");
    // The name typed by whoever entered the address is never echoed to its owner.
    expect(latest?.text).not.toContain("Call 555 0100 now");
    expect(latest?.html).not.toContain("Call 555 0100 now");
    const token = tokenOf(latest);
    expect((await confirm(token)).body).toMatchObject({ data: { status: "confirmed", pledge: { pledgeNumber: 1 } } });
    const badges = (await waitForMail(email, 4)).filter((m) => m.subject.startsWith("Your Founding 100 badge"));
    expect(badges).toHaveLength(2);
    for (const badge of badges) expect(badge.text).toContain("Hi First Name,");
    expect(await pledgeCount()).toBe(1);
  });
});

describe("confirming a partner pledge", () => {
  it("sends the welcome and the team's notice only once the link is used", async () => {
    const email = unique("grace");
    const orgName = `Harbor Clinic ${Date.now()}`;
    expect((await signPartner({ name: "Grace Hopper", email, orgName, orgType: "healthcare", region: "europe" })).status).toBe(202);
    await jobsSettled(sql);
    const [request, ...more] = await inboxFor(email);
    expect(more).toEqual([]);
    expect(request?.subject).toBe("Confirm your partner pledge");
    expect(request?.text).not.toContain("Grace");
    expect(request?.text).not.toContain(orgName);
    expect((await inboxFor(TEAM)).filter((m) => m.text.includes(orgName))).toEqual([]);
    expect(await sql`select 1 from campaign_partners`).toHaveLength(0);

    expect((await confirm(tokenOf(request))).body).toEqual({ data: { status: "confirmed", purpose: "partner", pledge: null } });
    const welcome = (await waitForMail(email, 2)).find((m) => m.subject === "Welcome to MAGIC!");
    expect(welcome?.links).toContain("http://localhost:3000/campaign/magic-partner-welcome-kit.pdf");
    await expect
      .poll(async () => (await inboxFor(TEAM)).filter((m) => m.subject === `New partner pledge: ${orgName}`), { timeout: 10_000 })
      .toHaveLength(1);
    expect(await sql`select name, email, org_name from campaign_partners`).toEqual([{ name: "Grace Hopper", email, org_name: orgName }]);
  });
});

describe("links that confirm nothing", () => {
  it("a forged, a tampered and an expired token change nothing", async () => {
    const email = unique("expired");
    await pledge({ name: "Late Reader", email });
    const token = await confirmationTokenFor(email);
    const forged = "A".repeat(43);
    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const attempt of [forged, tampered]) {
      expect((await confirm(attempt)).body).toEqual({ data: { status: "invalid", purpose: null, pledge: null } });
    }
    await sql`update address_confirmations set created_at = now() - interval '4 days', expires_at = now() - interval '1 second' where email = ${email}`;
    expect((await confirm(token)).body).toEqual({ data: { status: "invalid", purpose: null, pledge: null } });
    await jobsSettled(sql);
    expect(await inboxFor(email)).toHaveLength(1);
    expect(await pledgeCount()).toBe(0);
    expect(await sql`select 1 from address_confirmations where confirmed_at is not null and email = ${email}`).toHaveLength(0);
  });

  it.each([[""], ["short"], ["A".repeat(44)], ["<script>".padEnd(43, "x")], [42]])("answers the token %j with 422", async (token) => {
    const { status, body } = await confirm(token);
    expect(status).toBe(422);
    expect(body.details).toEqual([{ path: "token", message: "This confirmation link is not valid." }]);
  });
});

describe("the per-address limit", () => {
  it("sends one confirmation a day and three a week to one inbox, however it is written", async () => {
    const local = `limit.${Date.now()}`;
    const email = `${local}@gmail.com`;
    const spellings = [email, `${local}+a@gmail.com`, `${local.replaceAll(".", "")}@googlemail.com`];
    for (const spelling of spellings) await pledge({ name: "Limit", email: spelling });
    for (const spelling of spellings)
      await signPartner({ name: "Limit", email: spelling, orgName: "Org", orgType: "other", region: "africa" });
    await jobsSettled(sql);
    const sent = async () =>
      (
        await sql<
          { n: number }[]
        >`select count(*)::int as n from email_outbox where kind = 'campaign-confirmation' and recipient like ${`%${local.split(".")[1]}%`}`
      )[0]?.n;
    expect(await sent()).toBe(1);

    for (let day = 1; day <= 3; day++) {
      await sql`update address_confirmations set created_at = created_at - interval '25 hours', expires_at = expires_at - interval '25 hours' where email_identity = ${`${local.replaceAll(".", "")}@gmail.com`}`;
      await pledge({ name: "Limit", email });
    }
    // Days two and three sent one each; the fourth day in the same week sends nothing.
    expect(await sent()).toBe(3);
  });
});

describe("pruning", () => {
  it("deletes confirmations 8 days after they were sent and keeps what they confirmed", async () => {
    const old = unique("old");
    const recent = unique("recent");
    await pledge({ name: "Old", email: old });
    await confirm(await confirmationTokenFor(old));
    await pledge({ name: "Recent", email: recent });
    await sql`update address_confirmations set created_at = now() - interval '9 days', expires_at = now() - interval '6 days' where email = ${old}`;
    await pruneOldRecords();
    expect(await sql`select email from address_confirmations where email in (${old}, ${recent})`).toEqual([{ email: recent }]);
    expect(await sql`select email from campaign_pledges where email = ${old}`).toEqual([{ email: old }]);
  });
});
