import { describe, expect, it } from "vitest";
import { exportDuePayouts } from "@/server/referrals/payouts";
import { suiteSql } from "../../fixtures/db";
import { checkoutBody, createCohort, eventually, payAtStripe, suiteWebhookEndpoint } from "../../fixtures/payments";
import {
  affiliateCode,
  checkout,
  deliverRenewal,
  invoicePaidProcessed,
  ledgerOf,
  member,
  orderOf,
  paidOrderOf,
  stats,
  visit,
} from "../../fixtures/referrals";

const sql = suiteSql();
suiteWebhookEndpoint();

describe("coupon-only attribution", () => {
  it("a buyer with no link and no account who enters an affiliate's coupon gets 10% off and credits the affiliate", async () => {
    const affiliate = await member("coupon-owner");
    const { couponCode } = await affiliateCode(affiliate.token);
    const sessionId = await checkout(
      checkoutBody(await createCohort(sql), { referralId: undefined, couponCode: couponCode!.toLowerCase() }),
    );
    expect((await orderOf(sql, sessionId)).affiliate_user_id).toBe(affiliate.id);
    await payAtStripe(sessionId);
    const order = await paidOrderOf(sql, sessionId);
    // $149.00 less 10% = $134.10 before tax; 20% of it is $26.82.
    expect(order.discount_cents).toBe(1490);
    await eventually(async () =>
      expect((await ledgerOf(sql, order.id)).map((e) => [e.reason, e.base_cents, e.amount_cents])).toEqual([
        ["first_payment", 13410, 2682],
      ]),
    );
    expect((await stats(affiliate.token)).body.data).toMatchObject({ visitors: 0, leads: 0, conversions: 1, commission: 26.82 });
  });

  it("a recorded link visit comes before another affiliate's coupon", async () => {
    const [linkOwner, couponOwner] = await Promise.all([member("link-owner"), member("other-coupon-owner")]);
    const [{ code }, { couponCode }] = await Promise.all([affiliateCode(linkOwner.token), affiliateCode(couponOwner.token)]);
    const { visitorCookie } = await visit(code);
    const sessionId = await checkout(checkoutBody(await createCohort(sql), { referralId: code, couponCode }), { cookie: visitorCookie });
    expect((await orderOf(sql, sessionId)).affiliate_user_id).toBe(linkOwner.id);
  });
});

describe("self-referral", () => {
  it("a signed-in member using their own coupon gets the discount, earns no commission and the ledger says why", async () => {
    const affiliate = await member("own-coupon");
    const { couponCode } = await affiliateCode(affiliate.token);
    const sessionId = await checkout(checkoutBody(await createCohort(sql), { referralId: undefined, couponCode }), {
      token: affiliate.token,
    });
    expect((await orderOf(sql, sessionId)).affiliate_user_id).toBeNull();
    await payAtStripe(sessionId, { email: affiliate.email });
    const order = await paidOrderOf(sql, sessionId);
    expect(order.discount_cents).toBe(1490);
    await invoicePaidProcessed(sql, order.stripe_invoice_id!);
    expect((await ledgerOf(sql, order.id)).map((e) => [e.kind, e.reason, e.amount_cents, e.affiliate_user_id])).toEqual([
      ["no_commission", "self_referral", 0, affiliate.id],
    ]);
    const { data } = (await stats(affiliate.token)).body;
    expect(data).toMatchObject({ conversions: 0, commission: 0, pending: 0, due: 0, paid: 0 });
    expect(data!.entries).toEqual([
      expect.objectContaining({
        reason: "self_referral",
        amount: 0,
        state: "none",
        description: "No commission: your own purchase of the Starter plan (self-referral)",
      }),
    ]);

    // A renewal earns nothing either and says so once, however often it is delivered; notes are never paid out.
    const renewal = await deliverRenewal(order.stripe_invoice_id!, { amountPaid: 16092, tax: 1192 });
    expect(renewal.status).toBe(200);
    await deliverRenewal(order.stripe_invoice_id!, { amountPaid: 16092, tax: 1192, invoiceId: renewal.invoiceId });
    await eventually(async () =>
      expect((await ledgerOf(sql, order.id)).map((e) => [e.kind, e.reason, e.amount_cents, e.base_cents])).toEqual([
        ["no_commission", "self_referral", 0, 13410],
        ["no_commission", "self_referral", 0, 14900],
      ]),
    );
    const payouts = await exportDuePayouts({ markPaid: false, write: async () => {} });
    expect(payouts.find((p) => p.affiliateUserId === affiliate.id)).toBeUndefined();
    expect((await stats(affiliate.token)).body.data).toMatchObject({ commission: 0, due: 0 });
  });

  it("a signed-out affiliate buying through their own link with the same Gmail box (dots, +tag, capitals) earns nothing", async () => {
    const box = `maya.rose.${Date.now()}`;
    const affiliate = await member("own-link", `${box}@gmail.com`);
    const { code } = await affiliateCode(affiliate.token);
    const { visitorCookie } = await visit(code);
    const sessionId = await checkout(checkoutBody(await createCohort(sql), { referralId: code }), { cookie: visitorCookie });
    // Signed out, the buyer is not known until they pay: the order is credited for now.
    expect((await orderOf(sql, sessionId)).affiliate_user_id).toBe(affiliate.id);
    await payAtStripe(sessionId, { email: `${box.replaceAll(".", "").toUpperCase()}+deal@gmail.com` });
    const order = await paidOrderOf(sql, sessionId);
    await invoicePaidProcessed(sql, order.stripe_invoice_id!);
    await eventually(async () =>
      expect((await ledgerOf(sql, order.id)).map((e) => [e.kind, e.reason, e.amount_cents])).toEqual([
        ["no_commission", "self_referral", 0],
      ]),
    );
    expect((await orderOf(sql, sessionId)).affiliate_user_id).toBeNull();
    expect((await stats(affiliate.token)).body.data).toMatchObject({ visitors: 1, conversions: 0, commission: 0 });
  });

  it("a different person with a similar address still credits the affiliate", async () => {
    const box = `sam.lee.${Date.now()}`;
    const affiliate = await member("similar", `${box}@example.com`);
    const { code } = await affiliateCode(affiliate.token);
    const sessionId = await checkout(checkoutBody(await createCohort(sql), { referralId: code }));
    // Dots matter outside Gmail.
    await payAtStripe(sessionId, { email: `${box.replaceAll(".", "")}@example.com` });
    const order = await paidOrderOf(sql, sessionId);
    await eventually(async () => expect(await ledgerOf(sql, order.id)).toHaveLength(1));
  });
});

describe("GET /api/referral/stats", () => {
  it("answers only for the signed-in member: another member's numbers cannot be asked for", async () => {
    const [owner, other] = await Promise.all([member("stats-owner"), member("stats-other")]);
    const { code } = await affiliateCode(owner.token);
    await visit(code);
    expect((await stats(owner.token)).body.data).toMatchObject({ visitors: 1 });
    for (const query of ["", `?userId=${owner.id}`, `?user_id=${owner.id}&affiliate=${code}`]) {
      const { status, body } = await stats(other.token, query);
      expect(status).toBe(200);
      expect(body.data).toEqual({
        visitors: 0,
        leads: 0,
        conversions: 0,
        commission: 0,
        currency: "usd",
        pending: 0,
        due: 0,
        paid: 0,
        entries: [],
      });
    }
    const forged = await stats(`${other.token.slice(0, -4)}AAAA`);
    expect(forged.status).toBe(401);
  });
});
