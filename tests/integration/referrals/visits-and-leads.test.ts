import { describe, expect, it } from "vitest";
import { suiteSql } from "../../fixtures/db";
import { affiliateCode, lead, member, stats, visit } from "../../fixtures/referrals";

const sql = suiteSql();

async function visitorsOf(token: string): Promise<number> {
  return (await stats(token)).body.data!.visitors as number;
}

describe("POST /api/referral/visit", () => {
  it("counts a visitor once per affiliate and gives them a first-party cookie; a replay with it counts nothing", async () => {
    const maya = await member("maya");
    const { code } = await affiliateCode(maya.token);
    const first = await visit(code);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ data: { counted: true } });
    expect(first.setCookie).toMatch(
      /gc_visitor=[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}; Path=\/; Expires=.*; Max-Age=5184000; HttpOnly; SameSite=lax/i,
    );
    // The answer is the route wrapper's, cookie and all: the request id and no-store come with it.
    expect(first.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.headers.get("cache-control")).toBe("no-store, no-transform");

    for (let i = 0; i < 3; i += 1) {
      const replay = await visit(code, { cookie: first.visitorCookie });
      expect(replay.body).toEqual({ data: { counted: false } });
      expect(replay.setCookie).toBeNull();
    }
    // The code in capitals (as in the coupon) is the same affiliate.
    expect((await visit(code.toUpperCase(), { cookie: first.visitorCookie })).body).toEqual({ data: { counted: false } });
    expect(await visitorsOf(maya.token)).toBe(1);

    // Another visitor counts.
    expect((await visit(code)).body).toEqual({ data: { counted: true } });
    expect(await visitorsOf(maya.token)).toBe(2);
  });

  it("ignores bots, link previews and prefetches", async () => {
    const maya = await member("maya-bots");
    const { code } = await affiliateCode(maya.token);
    const automated: { userAgent?: string | null; extra?: Record<string, string> }[] = [
      { userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
      { userAgent: "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)" },
      { userAgent: "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)" },
      { userAgent: "curl/8.5.0" },
      { userAgent: null },
      { extra: { "sec-purpose": "prefetch" } },
      { extra: { purpose: "prefetch" } },
      { extra: { "next-router-prefetch": "1" } },
    ];
    for (const options of automated) {
      const answer = await visit(code, options);
      expect(answer.body, JSON.stringify(options)).toEqual({ data: { counted: false } });
      expect(answer.setCookie).toBeNull();
    }
    expect(await visitorsOf(maya.token)).toBe(0);
  });

  it("ignores an unknown code and refuses a malformed one; neither is stored", async () => {
    const before = await sql`select count(*)::int as n from public.referral_visits`;
    expect((await visit("zzzz-zzzz")).body).toEqual({ data: { counted: false } });
    expect((await visit("MAYA10")).body).toEqual({ data: { counted: false } });
    for (const via of ["<script>alert(1)</script>", "a", "x".repeat(40), 42, null, "maya 10"]) {
      const answer = await visit(via);
      expect(answer.status, String(via)).toBe(422);
      expect(answer.body).toMatchObject({ code: "validation_failed", details: [{ path: "via" }] });
    }
    expect(await sql`select count(*)::int as n from public.referral_visits`).toEqual(before);
  });
});

describe("POST /api/referral/lead", () => {
  it("needs a token", async () => {
    const { status, body } = await lead(undefined, null);
    expect(status).toBe(401);
    expect(body.error).toBe("No authentication token available");
  });

  it("makes a new account the lead of the first link its browser came through, once", async () => {
    const [first, second] = await Promise.all([member("first-affiliate"), member("second-affiliate")]);
    const [{ code: firstCode }, { code: secondCode }] = await Promise.all([affiliateCode(first.token), affiliateCode(second.token)]);
    const { visitorCookie } = await visit(firstCode);
    await visit(secondCode, { cookie: visitorCookie });

    const friend = await member("friend");
    expect((await lead(friend.token, visitorCookie)).body).toEqual({ data: { recorded: true } });
    expect((await lead(friend.token, visitorCookie)).body).toEqual({ data: { recorded: false } });
    expect((await stats(first.token)).body.data).toMatchObject({ visitors: 1, leads: 1 });
    expect((await stats(second.token)).body.data).toMatchObject({ visitors: 1, leads: 0 });
  });

  it("an account older than the visit is not a lead (an existing member clicking a link)", async () => {
    const affiliate = await member("affiliate-old");
    const existing = await member("existing-member");
    const { code } = await affiliateCode(affiliate.token);
    const { visitorCookie } = await visit(code);
    expect((await lead(existing.token, visitorCookie)).body).toEqual({ data: { recorded: false } });
    expect((await stats(affiliate.token)).body.data).toMatchObject({ visitors: 1, leads: 0 });
  });

  it("self-referral: an affiliate who signs up again through their own link with the same Gmail address is not their own lead", async () => {
    const base = `maya.rose.${Date.now()}`;
    const affiliate = await member("self", `${base}@gmail.com`);
    const { code } = await affiliateCode(affiliate.token);
    const { visitorCookie } = await visit(code);
    const sameBox = await member("self-again", `${base.replaceAll(".", "")}+again@googlemail.com`);
    expect((await lead(sameBox.token, visitorCookie)).body).toEqual({ data: { recorded: false } });
    expect((await lead(affiliate.token, visitorCookie)).body).toEqual({ data: { recorded: false } });
    expect((await stats(affiliate.token)).body.data).toMatchObject({ leads: 0 });
  });

  it("without a visitor cookie, or with a forged one, nothing is recorded", async () => {
    const someone = await member("no-cookie");
    expect((await lead(someone.token, null)).body).toEqual({ data: { recorded: false } });
    expect((await lead(someone.token, "gc_visitor=not-a-uuid")).body).toEqual({ data: { recorded: false } });
    expect((await lead(someone.token, "gc_visitor=5b0e7a39-3a4e-4a4f-9b7e-9f4f3d1c2b1a")).body).toEqual({ data: { recorded: false } });
  });
});
