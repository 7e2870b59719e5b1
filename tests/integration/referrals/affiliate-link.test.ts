import { describe, expect, it } from "vitest";
import { AFFILIATE_CODE_PATTERN } from "@/lib/referrals/affiliate-code";
import { stripe } from "@/server/payments/stripe-client";
import { adminClient, authClient } from "../../fixtures/auth-client";
import { suiteSql } from "../../fixtures/db";
import { SITE } from "../../fixtures/payments";
import { affiliateLink, member, stats } from "../../fixtures/referrals";
import { racesOnlyOnPostgres } from "../../fixtures/postgres-only";

const sql = suiteSql();

racesOnlyOnPostgres("concurrent first calls for an affiliate link");

describe("GET /api/referral/get_affiliate_link", () => {
  it("needs a token: 'No authentication token available'", async () => {
    for (const call of [affiliateLink, stats]) {
      const { status, body } = await call();
      expect(status).toBe(401);
      expect(body).toEqual({ error: "No authentication token available", code: "unauthorized" });
    }
  });

  it("gives a member one link {site}/?via={code} and a coupon code that is a 10%-off-once Stripe promotion code", async () => {
    const maya = await member("maya");
    const first = await affiliateLink(maya.token);
    expect(first.status).toBe(200);
    const { link, affiliate_link, coupon_code } = first.body.data as { link: string; affiliate_link: string; coupon_code: string };
    expect(affiliate_link).toBe(link);
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe(`${SITE}/`);
    const code = url.searchParams.get("via")!;
    expect(code).toMatch(AFFILIATE_CODE_PATTERN);
    expect(coupon_code).toBe(code.toUpperCase());

    const promotions = await stripe().promotionCodes.list({ code: coupon_code, limit: 10 });
    expect(promotions.data).toHaveLength(1);
    expect(promotions.data[0]!.metadata).toEqual({ affiliate_user_id: maya.id });
    const coupon = await stripe().coupons.retrieve(promotions.data[0]!.promotion.coupon as string);
    expect(coupon).toMatchObject({ percent_off: 10, duration: "once", valid: true });

    // Stable: the same link and coupon on every later call.
    expect((await affiliateLink(maya.token)).body.data).toEqual(first.body.data);
  });

  it("concurrent first calls make one code and one promotion code", async () => {
    const ana = await member("ana");
    const answers = await Promise.all(Array.from({ length: 6 }, () => affiliateLink(ana.token)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body.data))).size).toBe(1);
    const rows = await sql`select code, stripe_promotion_code_id from public.affiliates where user_id = ${ana.id}`;
    expect(rows).toHaveLength(1);
    const promotions = await stripe().promotionCodes.list({
      code: (answers[0]!.body.data as { coupon_code: string }).coupon_code,
      limit: 10,
    });
    expect(promotions.data.map((p) => p.id)).toEqual([rows[0]!.stripe_promotion_code_id]);
  });

  it("two members get different codes", async () => {
    const [a, b] = await Promise.all([member("first"), member("second")]);
    const [linkA, linkB] = await Promise.all([affiliateLink(a.token), affiliateLink(b.token)]);
    expect(linkA.body.data!.link).not.toBe(linkB.body.data!.link);
  });

  it("an anonymous session (no email) gets no affiliate link", async () => {
    const { data } = await authClient().auth.signInAnonymously();
    const { status, body } = await affiliateLink(data.session!.access_token);
    expect(status).toBe(403);
    expect(body.error).toBe("Sign in with your email address to get your affiliate link.");
    expect(await sql`select 1 from public.affiliates where user_id = ${data.user!.id}`).toHaveLength(0);
  });

  it("a token of a deleted account is a 401 (its session is gone), not a 500", async () => {
    const gone = await member("gone");
    await adminClient().auth.admin.deleteUser(gone.id);
    expect((await affiliateLink(gone.token)).status).toBe(401);
  });
});
