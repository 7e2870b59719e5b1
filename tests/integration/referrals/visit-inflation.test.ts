import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { authClient } from "../../fixtures/auth-client";
import { suiteSql } from "../../fixtures/db";
import { affiliateCode, lead, member, stats, visit } from "../../fixtures/referrals";

// The visitor cookie was any UUID the client sent, so a script counted 120
// "visitors" from 4 addresses in seconds, and an anonymous sign-in counted as a lead.

const sql = suiteSql();

const visitors = async (token: string) => (await stats(token)).body.data!.visitors as number;

describe("referral visit inflation", () => {
  it("120 visits with made-up visitor ids from 4 addresses count at most 5 per address a day; the rest are kept, flagged", async () => {
    const maya = await member("inflated");
    const { code } = await affiliateCode(maya.token);
    const addresses = ["198.51.100.11", "198.51.100.12", "198.51.100.13", "198.51.100.14"];
    let counted = 0;
    for (const address of addresses) {
      for (let i = 0; i < 30; i += 1) {
        const answer = await visit(code, { cookie: `gc_visitor=${randomUUID()}`, extra: { "x-real-ip": address } });
        expect(answer.status).toBe(200);
        if (answer.body.data?.counted) counted += 1;
      }
    }
    expect(counted).toBe(20);
    expect(await visitors(maya.token)).toBe(20);
    const rows = await sql<{ flagged_reason: string | null; n: number }[]>`
      select flagged_reason, count(*)::int as n from public.referral_visits where affiliate_user_id = ${maya.id}
      group by flagged_reason order by flagged_reason nulls first`;
    expect(rows).toEqual([
      { flagged_reason: null, n: 20 },
      { flagged_reason: "address_daily_ceiling", n: 100 },
    ]);
    // Every visit was kept, each under an id of the server's.
    const ids = await sql`select visitor_id from public.referral_visits where affiliate_user_id = ${maya.id}`;
    expect(ids).toHaveLength(120);
  });

  it("past 500 counted visits in a UTC day, from any addresses, an affiliate's further visits are kept flagged", async () => {
    const maya = await member("visit-ceiling");
    const { code } = await affiliateCode(maya.token);
    await sql`insert into public.referral_visits (affiliate_user_id, visitor_id) select ${maya.id}, gen_random_uuid() from generate_series(1, 500)`;
    const answer = await visit(code);
    expect(answer.body).toEqual({ data: { counted: false } });
    // Kept, so the visitor still gets their id and a later purchase still finds the link.
    expect(answer.visitorCookie).not.toBeNull();
    expect(
      await sql`select count(*)::int as n from public.referral_visits where affiliate_user_id = ${maya.id} and flagged_reason = 'affiliate_daily_ceiling'`,
    ).toEqual([{ n: 1 }]);
    expect(await visitors(maya.token)).toBe(500);
  });

  it("an unsigned or forged visitor cookie is ignored and replaced by a signed one", async () => {
    const maya = await member("forged-cookie");
    const { code } = await affiliateCode(maya.token);
    const genuine = await visit(code);
    expect(genuine.visitorCookie).toMatch(/^gc_visitor=[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    const [id, signature] = genuine.visitorCookie!.slice("gc_visitor=".length).split(".");

    const madeUp = randomUUID();
    const forgeries = [
      `gc_visitor=${madeUp}`,
      `gc_visitor=${madeUp}.${signature}`,
      `gc_visitor=${id}.${"A".repeat(43)}`,
      `gc_visitor=${id}`,
    ];
    for (const cookie of forgeries) {
      const answer = await visit(code, { cookie });
      expect(answer.body, cookie).toEqual({ data: { counted: true } });
      expect(answer.visitorCookie, cookie).not.toBeNull();
      expect(answer.visitorCookie).not.toBe(cookie);
    }
    const ids = (
      await sql<{ visitor_id: string }[]>`select visitor_id from public.referral_visits where affiliate_user_id = ${maya.id}`
    ).map((r) => r.visitor_id);
    expect(ids).toHaveLength(5);
    expect(ids).not.toContain(madeUp);
    // The genuine cookie still counts nothing twice.
    expect((await visit(code, { cookie: genuine.visitorCookie })).body).toEqual({ data: { counted: false } });
  });

  it("an anonymous account (the edit-post page's anonymous sign-in) is no lead", async () => {
    const maya = await member("anonymous-lead");
    const { code } = await affiliateCode(maya.token);
    const { visitorCookie } = await visit(code);
    const { data, error } = await authClient().auth.signInAnonymously();
    expect(error).toBeNull();
    expect((await lead(data.session!.access_token, visitorCookie)).body).toEqual({ data: { recorded: false } });
    expect((await stats(maya.token)).body.data).toMatchObject({ visitors: 1, leads: 0 });
    expect(await sql`select 1 from public.referral_leads where referred_user_id = ${data.user!.id}`).toHaveLength(0);
  });

  it("past 25 counted leads in a UTC day an affiliate's further leads are kept, flagged and not counted", async () => {
    const maya = await member("lead-ceiling");
    const { code } = await affiliateCode(maya.token);
    // 25 leads already counted today (accounts made straight in the auth schema).
    for (let i = 0; i < 25; i += 1) {
      const [user] = await sql<
        { id: string }[]
      >`insert into auth.users (id, email) values (gen_random_uuid(), ${`bulk-${randomUUID()}@example.com`}) returning id`;
      await sql`insert into public.referral_leads (referred_user_id, affiliate_user_id, touched_at) values (${user!.id}, ${maya.id}, now())`;
    }
    const { visitorCookie } = await visit(code);
    const friend = await member("lead-ceiling-friend");
    expect((await lead(friend.token, visitorCookie)).body).toEqual({ data: { recorded: true } });
    expect(await sql`select flagged_reason from public.referral_leads where referred_user_id = ${friend.id}`).toEqual([
      { flagged_reason: "affiliate_daily_ceiling" },
    ]);
    expect((await stats(maya.token)).body.data).toMatchObject({ visitors: 1, leads: 25 });
  });
});
