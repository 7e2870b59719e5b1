import { describe, expect, it } from "vitest";
import { reverseCommissionForDispute, reverseCommissionForRefund } from "@/server/referrals/commission-reversal";
import { stripe } from "@/server/payments/stripe-client";
import { suiteSql } from "../../fixtures/db";
import { jobsSettled } from "../../fixtures/jobs";
import {
  checkoutBody,
  createCohort,
  disputeAtStripe,
  eventually,
  payAtStripe,
  paymentIntentOf,
  suiteWebhookEndpoint,
} from "../../fixtures/payments";
import {
  affiliateCode,
  checkout,
  deliverRenewal,
  funnel,
  lead,
  ledgerOf,
  member,
  orderOf,
  paidOrderOf,
  stats,
  visit,
} from "../../fixtures/referrals";

const sql = suiteSql();
suiteWebhookEndpoint();

// Starter with the CGM: $99 + $50 = $149.00 before tax, $160.92 with 8% tax. 20% of $149 is $29.80.
const STARTER_CGM = { paid: 16092, beforeTax: 14900, commission: 2980 };

/** A member whose friend came through their link, signed up and paid for Starter with the CGM. */
async function referredPurchase() {
  const affiliate = await member("maya");
  const { code } = await affiliateCode(affiliate.token);
  const { visitorCookie } = await visit(code);
  const friend = await member("friend");
  expect((await lead(friend.token, visitorCookie)).body).toEqual({ data: { recorded: true } });
  const sessionId = await checkout(checkoutBody(await createCohort(sql), { referralId: code }), {
    token: friend.token,
    cookie: visitorCookie,
  });
  expect((await orderOf(sql, sessionId)).affiliate_user_id).toBe(affiliate.id);
  await payAtStripe(sessionId, { email: friend.email });
  const order = await paidOrderOf(sql, sessionId);
  await eventually(async () => expect(await ledgerOf(sql, order.id)).toHaveLength(1));
  return { affiliate, friend, order, code };
}

describe("the affiliate funnel", () => {
  it("visit → sign-up → paid checkout → commission pending → refund → reversal", async () => {
    const { affiliate, friend, order } = await referredPurchase();
    expect(await ledgerOf(sql, order.id)).toEqual([
      {
        kind: "commission",
        reason: "first_payment",
        amount_cents: STARTER_CGM.commission,
        base_cents: STARTER_CGM.beforeTax,
        affiliate_user_id: affiliate.id,
      },
    ]);

    const paid = (await stats(affiliate.token)).body.data!;
    expect(paid).toMatchObject({
      visitors: 1,
      leads: 1,
      conversions: 1,
      commission: 29.8,
      currency: "usd",
      pending: 29.8,
      due: 0,
      paid: 0,
    });
    const [entry] = paid.entries as Record<string, unknown>[];
    expect(entry).toMatchObject({
      reason: "first_payment",
      description: "20% of the first payment for the Starter plan",
      amount: 29.8,
      state: "pending",
      referredEmail: "f***@e***.com",
    });
    const dueInDays = (Date.parse(entry!.availableAt as string) - Date.now()) / 86_400_000;
    expect(dueInDays).toBeGreaterThan(29.9);
    expect(dueInDays).toBeLessThan(30.1);
    expect(JSON.stringify(paid)).not.toContain(friend.email);

    await stripe().refunds.create({ payment_intent: await paymentIntentOf(order.stripe_invoice_id!) });
    await eventually(async () => expect(await ledgerOf(sql, order.id)).toHaveLength(2));
    expect((await ledgerOf(sql, order.id))[1]).toMatchObject({ kind: "reversal", reason: "refund", amount_cents: -STARTER_CGM.commission });

    const refunded = (await eventually(async () => {
      const answer = (await stats(affiliate.token)).body.data!;
      expect(answer.conversions).toBe(0);
      return answer;
    })) as Record<string, unknown> & { entries: Record<string, unknown>[] };
    expect(refunded).toMatchObject({ visitors: 1, leads: 1, commission: 0, pending: 0, due: 0, paid: 0 });
    expect(refunded.entries.map((e) => [e.reason, e.amount, e.state])).toEqual([
      ["refund", -29.8, "pending"],
      ["first_payment", 29.8, "pending"],
    ]);
    expect(refunded.entries[0]!.description).toBe("Reversed: the payment for the Starter plan was refunded");
  });

  it("the ledger is append-only: the database refuses to change or delete an entry", async () => {
    const { order } = await referredPurchase();
    await expect(sql`update public.commission_entries set amount_cents = 1 where order_id = ${order.id}`).rejects.toThrow(/append-only/);
    await expect(sql`delete from public.commission_entries where order_id = ${order.id}`).rejects.toThrow(/append-only/);
  });

  it("renewals earn 20% each, once per invoice however often Stripe delivers it", async () => {
    const { affiliate, order } = await referredPurchase();
    // Starter renews at $99 + 8% tax, without the CGM and the first-payment coupon.
    const renewal = await deliverRenewal(order.stripe_invoice_id!, { amountPaid: 10692, tax: 792 });
    expect(renewal.status).toBe(200);
    expect((await deliverRenewal(order.stripe_invoice_id!, { amountPaid: 10692, tax: 792, invoiceId: renewal.invoiceId })).status).toBe(
      200,
    );
    // Each delivery is a stored event processed by a job: once both have run, the invoice earned once.
    await eventually(async () => expect(await ledgerOf(sql, order.id)).toHaveLength(2));
    await jobsSettled(sql);
    expect((await ledgerOf(sql, order.id)).map((e) => [e.reason, e.amount_cents, e.base_cents])).toEqual([
      ["first_payment", 2980, 14900],
      ["renewal", 1980, 9900],
    ]);
    expect((await stats(affiliate.token)).body.data).toMatchObject({ conversions: 1, commission: 49.6, pending: 49.6 });
  });

  it("a partial refund reverses the same share; repeated refund events add nothing twice", async () => {
    const { affiliate, order } = await referredPurchase();
    const paymentIntent = await paymentIntentOf(order.stripe_invoice_id!);
    await stripe().refunds.create({ payment_intent: paymentIntent, amount: 1000 });
    // round(2980 × 1000 / 16092) = 185
    await eventually(async () => expect((await ledgerOf(sql, order.id)).map((e) => e.amount_cents)).toEqual([2980, -185]));
    const [charge] = (await stripe().charges.list({ payment_intent: paymentIntent })).data;
    await reverseCommissionForRefund(charge!);
    await Promise.all([reverseCommissionForRefund(charge!), reverseCommissionForRefund(charge!)]);
    expect((await ledgerOf(sql, order.id)).map((e) => e.amount_cents)).toEqual([2980, -185]);
    expect((await stats(affiliate.token)).body.data).toMatchObject({ conversions: 1, commission: 27.95 });

    await stripe().refunds.create({ payment_intent: paymentIntent });
    await eventually(async () => expect((await ledgerOf(sql, order.id)).map((e) => e.amount_cents)).toEqual([2980, -185, -2795]));
  });

  it("a lost dispute reverses the commission; a won one does not", async () => {
    const { affiliate, order } = await referredPurchase();
    const paymentIntent = await paymentIntentOf(order.stripe_invoice_id!);
    const [charge] = (await stripe().charges.list({ payment_intent: paymentIntent })).data;
    const dispute = { id: "dp_test_lost_1", amount: charge!.amount, charge: charge!.id, payment_intent: paymentIntent };
    await reverseCommissionForDispute({ ...dispute, status: "won" });
    expect(await ledgerOf(sql, order.id)).toHaveLength(1);
    await reverseCommissionForDispute({ ...dispute, status: "lost" });
    await reverseCommissionForDispute({ ...dispute, status: "lost" });
    expect((await ledgerOf(sql, order.id)).map((e) => [e.reason, e.amount_cents])).toEqual([
      ["first_payment", 2980],
      ["dispute_lost", -2980],
    ]);
    expect((await stats(affiliate.token)).body.data).toMatchObject({ commission: 0 });
  });

  it("a lost dispute delivered by Stripe's webhook reverses the commission once", async () => {
    const { affiliate, order } = await referredPurchase();
    const paymentIntent = await paymentIntentOf(order.stripe_invoice_id!);
    const [charge] = (await stripe().charges.list({ payment_intent: paymentIntent })).data;
    await disputeAtStripe(charge!.id, "lost");
    await eventually(async () =>
      expect((await ledgerOf(sql, order.id)).map((e) => [e.reason, e.amount_cents])).toEqual([
        ["first_payment", 2980],
        ["dispute_lost", -2980],
      ]),
    );
    expect((await stats(affiliate.token)).body.data).toMatchObject({ commission: 0 });
  });

  it("first touch wins: a later link the page sends does not take the order from the first affiliate", async () => {
    const [first, later] = await Promise.all([member("first-touch"), member("later-touch")]);
    const [{ code: firstCode }, { code: laterCode }] = await Promise.all([affiliateCode(first.token), affiliateCode(later.token)]);
    const { visitorCookie } = await visit(firstCode);
    await visit(laterCode, { cookie: visitorCookie });
    const sessionId = await checkout(checkoutBody(await createCohort(sql), { referralId: laterCode }), { cookie: visitorCookie });
    expect((await orderOf(sql, sessionId)).affiliate_user_id).toBe(first.id);
  });

  it("without a recorded visit, the referral the page sends credits the order; an unknown or foreign code credits nobody", async () => {
    const affiliate = await member("page-referral");
    const { code } = await affiliateCode(affiliate.token);
    const cohortId = await createCohort(sql);
    expect((await orderOf(sql, await checkout(checkoutBody(cohortId, { referralId: code.toUpperCase() })))).affiliate_user_id).toBe(
      affiliate.id,
    );
    expect((await orderOf(sql, await checkout(checkoutBody(cohortId, { referralId: "friend-code" })))).affiliate_user_id).toBeNull();
    expect((await orderOf(sql, await checkout(checkoutBody(cohortId, { referralId: undefined })))).affiliate_user_id).toBeNull();
  });
});

describe("GET /api/referral/funnel", () => {
  const today = new Date().toISOString().slice(0, 10);

  it("needs a token and refuses a range other than 30 or 90 days", async () => {
    const anonymous = await funnel(undefined);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe("No authentication token available");
    const maya = await member("maya-ranges");
    for (const query of ["?days=7", "?days=abc", "?days=30.5", "?days=-30"]) {
      const answer = await funnel(maya.token, query);
      expect(answer.status, query).toBe(422);
      expect(answer.body).toMatchObject({ code: "validation_failed", details: [{ path: "days" }] });
    }
  });

  it("puts the day's visit, sign-up and payment on today's point, one point per day, and shows nobody else's", async () => {
    const { affiliate, friend } = await referredPurchase();
    const series = (await funnel(affiliate.token)).body.data as { days: number; points: { date: string }[]; totals: unknown };
    expect(series.days).toBe(30);
    expect(series.points).toHaveLength(30);
    expect(series.points.at(-1)).toEqual({ date: today, visitors: 1, leads: 1, conversions: 1 });
    expect(series.totals).toEqual({ visitors: 1, leads: 1, conversions: 1 });
    // The friend refers nobody: their own chart is empty.
    expect((await funnel(friend.token)).body.data).toMatchObject({ totals: { visitors: 0, leads: 0, conversions: 0 } });
  });

  it("a visit 45 days ago is in the 90-day chart, not the 30-day one", async () => {
    const maya = await member("maya-old-visit");
    await affiliateCode(maya.token);
    await sql`insert into public.referral_visits (affiliate_user_id, visitor_id, first_seen_at)
      values (${maya.id}, gen_random_uuid(), now() - interval '45 days')`;
    const shortRange = (await funnel(maya.token, "?days=30")).body.data as { totals: { visitors: number } };
    const longRange = (await funnel(maya.token, "?days=90")).body.data as {
      points: { date: string; visitors: number }[];
      totals: { visitors: number };
    };
    expect(shortRange.totals.visitors).toBe(0);
    expect(longRange.totals.visitors).toBe(1);
    expect(longRange.points).toHaveLength(90);
    const day = new Date(Date.now() - 45 * 86_400_000).toISOString().slice(0, 10);
    expect(longRange.points.find((point) => point.date === day)?.visitors).toBe(1);
  });
});
