import { beforeEach, describe, expect, it } from "vitest";
import { GET, POST } from "@/app/api/campaign/pledges/route";
import { GET as cardGET } from "@/app/api/campaign/pledges/[number]/card/route";
import { suiteSql } from "../../fixtures/db";
import { inboxFor, waitForMail } from "../../fixtures/inbox";
import { jobsSettled } from "../../fixtures/jobs";
import { campaignPost, freshAddress } from "./campaign-request";
import { confirmLatest } from "./confirm-submission";
import { racesOnlyOnPostgres } from "../../fixtures/postgres-only";

const sql = suiteSql();

const pledge = (body: unknown, address = freshAddress()) => POST(campaignPost("/api/campaign/pledges", body, address));
const count = async () => (await sql<{ n: number }[]>`select count(*)::int as n from campaign_pledges`)[0]?.n;
const confirmations = async () => (await sql<{ n: number }[]>`select count(*)::int as n from address_confirmations`)[0]?.n;
/** A pledge its address has confirmed (D18): its number and badge. */
const confirmedPledge = async (body: { name: string; email: string }) => {
  expect((await pledge(body)).status).toBe(202);
  return (await confirmLatest(sql, body.email)).pledge;
};

beforeEach(async () => {
  await sql`delete from campaign_pledges`;
  await sql`delete from address_confirmations`;
});

racesOnlyOnPostgres("concurrent confirmations numbered and the same address sent at once");

describe("POST /api/campaign/pledges", () => {
  it("keeps the confirmed pledge, numbers it 1 with the Founding 100 badge and emails the badge", async () => {
    const response = await pledge({ name: "  Maya Rivera ", email: "Maya.Pledge@Example.com" });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ data: { received: true } });
    expect(await count()).toBe(0);
    expect(await confirmLatest(sql, "maya.pledge@example.com")).toEqual({
      status: "confirmed",
      purpose: "pledge",
      pledge: { pledgeNumber: 1, tier: "gold", badgeName: "Founding 100", shareUrl: "http://localhost:3000/magic/pledge/1" },
    });
    const rows = await sql`select name, email, email_identity, pledge_number::int from campaign_pledges`;
    expect(rows).toEqual([
      { name: "Maya Rivera", email: "maya.pledge@example.com", email_identity: "maya.pledge@example.com", pledge_number: 1 },
    ]);
    const mail = (await waitForMail("maya.pledge@example.com", 2)).find((m) => m.subject.startsWith("Your "));
    expect(mail?.subject).toBe("Your Founding 100 badge: pledger #1");
    expect(mail?.text).toContain("Your badge: Founding 100");
    expect(mail?.links).toContain("http://localhost:3000/magic/pledge/1");
  });

  it("gives the badge of the real place: pledge 101 is a Pioneer 1K", async () => {
    await sql`insert into campaign_pledges (pledge_number, name, email, email_identity)
      select n, 'P' || n, 'p' || n || '@example.com', 'p' || n || '@example.com' from generate_series(1, 100) n`;
    expect(await confirmedPledge({ name: "Daniel", email: "daniel.101@example.com" })).toMatchObject({
      pledgeNumber: 101,
      tier: "silver",
      badgeName: "Pioneer 1K",
    });
  });

  it("answers a repeated address (case, +tag, Gmail dots) as any other, writing and mailing nothing more", async () => {
    await confirmedPledge({ name: "Ana", email: "ana.lopez@gmail.com" });
    await waitForMail("ana.lopez@gmail.com", 2);
    await confirmedPledge({ name: "Other", email: "someone@example.com" });
    for (const email of ["ANA.LOPEZ@gmail.com", "analopez+again@gmail.com", "a.n.a.lopez@googlemail.com"]) {
      const response = await pledge({ name: "Ana again", email });
      expect(response.status).toBe(202);
      expect(await response.json()).toEqual({ data: { received: true } });
    }
    expect(await count()).toBe(2);
    // Every email those requests queued has been sent (or failed): none is still on its way.
    await jobsSettled(sql);
    // The confirmation and the badge; the day's confirmation email for this inbox is spent.
    expect(await inboxFor("ana.lopez@gmail.com")).toHaveLength(2);
    expect(await inboxFor("analopez+again@gmail.com")).toHaveLength(0);
  });

  it("numbers concurrent confirmations uniquely and without gaps", async () => {
    const emails = Array.from({ length: 24 }, (_, i) => `runner${i}@example.com`);
    for (const [i, email] of emails.entries()) await pledge({ name: `Runner ${i}`, email });
    const confirmed = await Promise.all(emails.map((email) => confirmLatest(sql, email)));
    const numbers = confirmed.map((c) => c.pledge?.pledgeNumber ?? 0);
    expect(numbers.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
  });

  it("sends the same address typed many times at once one confirmation, and numbers it once", async () => {
    const responses = await Promise.all(Array.from({ length: 8 }, () => pledge({ name: "Twin", email: "twin@example.com" })));
    expect(responses.map((r) => r.status)).toEqual(Array<number>(8).fill(202));
    expect(await confirmations()).toBe(1);
    expect((await confirmLatest(sql, "twin@example.com")).pledge?.pledgeNumber).toBe(1);
    expect(await count()).toBe(1);
  });

  it.each([
    [{ name: "   ", email: "a@example.com" }, "name", "Please enter your name."],
    [{ name: "Ana", email: "  " }, "email", "Please enter your email address."],
    [{ name: "Ana", email: "ana@" }, "email", "Please enter a valid email address."],
    [{ name: "x".repeat(101), email: "a@example.com" }, "name", "Your name must be at most 100 characters."],
    [{ email: "a@example.com" }, "name", "Please enter your name."],
  ])("answers %j with 422 on %s and keeps nothing", async (body, path, message) => {
    const response = await pledge(body);
    expect(response.status).toBe(422);
    const json = await response.json();
    expect(json.code).toBe("validation_failed");
    expect(json.details).toEqual([{ path, message }]);
    expect(await confirmations()).toBe(0);
  });

  it("refuses an oversize body with 413 and a form post with 415", async () => {
    expect((await pledge({ name: "A", email: "a@example.com", pad: "x".repeat(4000) })).status).toBe(413);
    const form = await POST(
      campaignPost("/api/campaign/pledges", "name=A&email=a%40example.com", freshAddress(), {
        contentType: "application/x-www-form-urlencoded",
      }),
    );
    expect(form.status).toBe(415);
    expect(await count()).toBe(0);
  });

  it("refuses a write from another site", async () => {
    const request = new Request("http://localhost:3000/api/campaign/pledges", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example", "x-real-ip": freshAddress() },
      body: JSON.stringify({ name: "A", email: "a@example.com" }),
    });
    expect((await POST(request)).status).toBe(403);
    expect(await count()).toBe(0);
  });

  it("limits one address to 10 pledges in 10 minutes (429 with Retry-After), so low numbers cannot be farmed", async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await pledge({ name: `Farm ${i}`, email: `farm${i}@example.com` }, address)).status);
    expect(statuses).toEqual([...Array<number>(10).fill(202), 429, 429]);
    const limited = await pledge({ name: "Farm", email: "farm-last@example.com" }, address);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await confirmations()).toBe(10);
  });
});

describe("GET /api/campaign/pledges", () => {
  it("counts the pledges confirmed", async () => {
    expect(
      await (await GET(new Request("http://localhost:3000/api/campaign/pledges", { headers: { "x-real-ip": freshAddress() } }))).json(),
    ).toMatchObject({ data: { pledges: 0 } });
    await pledge({ name: "Ana", email: "count@example.com" });
    expect(
      await (await GET(new Request("http://localhost:3000/api/campaign/pledges", { headers: { "x-real-ip": freshAddress() } }))).json(),
    ).toMatchObject({ data: { pledges: 0 } });
    await confirmLatest(sql, "count@example.com");
    expect(
      await (await GET(new Request("http://localhost:3000/api/campaign/pledges", { headers: { "x-real-ip": freshAddress() } }))).json(),
    ).toMatchObject({ data: { pledges: 1 } });
  });
});

describe("GET /api/campaign/pledges/{number}/card", () => {
  const card = (n: string) =>
    cardGET(new Request(`http://localhost:3000/api/campaign/pledges/${n}/card`), { params: Promise.resolve({ number: n }) });

  it("draws a kept pledge's share card as a PNG", async () => {
    await confirmedPledge({ name: "Ana", email: "card@example.com" });
    const response = await card("1");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join("")).toBe("PNG");
  });

  it("answers a number nobody holds with 404 and a malformed one with 422", async () => {
    expect((await card("5")).status).toBe(404);
    expect((await card("abc")).status).toBe(422);
    expect((await card("0")).status).toBe(422);
    expect((await card("../../etc")).status).toBe(422);
  });

  const cardFrom = (n: number, address: string, query = "") =>
    cardGET(new Request(`http://localhost:3000/api/campaign/pledges/${n}/card${query}`, { headers: { "x-real-ip": address } }), {
      params: Promise.resolve({ number: String(n) }),
    });
  const cardHits = async () =>
    (await sql<{ n: number }[]>`select coalesce(sum(hits), 0)::int as n from rate_limit_hits where bucket like 'campaign-pledge-card:%'`)[0]
      ?.n;

  it("answers a card it drew from memory, whatever the query string: nothing looked up or counted", async () => {
    const { pledgeNumber } = (await confirmedPledge({ name: "Ana", email: "card-again@example.com" }))!;
    const address = freshAddress();
    const first = await cardFrom(pledgeNumber, address);
    expect(first.status).toBe(200);
    const hits = await cardHits();
    // Were the pledge looked up again, its deletion would answer 404.
    await sql`delete from campaign_pledges`;
    for (const query of ["", "?r=1", "?utm_source=x&r=2"]) {
      const again = await cardFrom(pledgeNumber, address, query);
      expect(again.status).toBe(200);
      expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
      expect(again.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
    expect(await cardHits()).toBe(hits);
  });

  it("counts only the cards it must draw against the client's limit", async () => {
    const address = freshAddress();
    for (let i = 0; i < 120; i++) expect((await cardFrom(900_000 + i, address)).status).toBe(404);
    const limited = await cardFrom(900_500, address);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
  });
});
