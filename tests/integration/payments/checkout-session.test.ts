import Stripe from "stripe";
import { afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { stripe } from "@/server/payments/stripe-client";
import { adminClient, authClient, uniqueEmail } from "../../fixtures/auth-client";
import { suiteSql } from "../../fixtures/db";
import { SAFETY_SCREEN_REFUSED } from "@/lib/questionnaire/safety-screen";
import { checkoutBody, cohortCounts, createCohort, postCheckout } from "../../fixtures/payments";

const sql = suiteSql();

const globalForStripe = globalThis as typeof globalThis & { __stripe?: Stripe };
afterEach(() => {
  globalForStripe.__stripe = undefined;
});

async function orderCount(): Promise<number> {
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from public.orders`;
  return row!.n;
}

async function signedInBuyer() {
  const email = uniqueEmail("buyer");
  const password = "a-long-enough-password";
  await adminClient().auth.admin.createUser({ email, password, email_confirm: true });
  const { data } = await authClient().auth.signInWithPassword({ email, password });
  return { email, token: data.session!.access_token, userId: data.user!.id };
}

let promotionCode = "";
beforeAll(async () => {
  const coupon = await stripe().coupons.create({ percent_off: 10, duration: "once", name: "10% off the first payment" });
  promotionCode = `FRIEND-${Date.now().toString(36).toUpperCase()}`;
  await stripe().promotionCodes.create({ promotion: { type: "coupon", coupon: coupon.id }, code: promotionCode });
});

describe("POST /api/payment/create-checkout-session", () => {
  it("holds a seat, records a pending order and opens a Stripe session charging the page's total", async () => {
    const cohortId = await createCohort(sql, { cap: 5 });
    const { status, json } = await postCheckout(checkoutBody(cohortId, { planType: "starter", hasCGM: true }));
    expect(status).toBe(200);
    expect(json.data!.sessionId).toMatch(/^cs_test_/);
    const hosted = new URL(json.data!.sessionUrl);
    expect([hosted.port, hosted.pathname]).toEqual([new URL(inject("stripeUrl")).port, `/c/pay/${json.data!.sessionId}`]);

    const session = await stripe().checkout.sessions.retrieve(json.data!.sessionId);
    expect(session.mode).toBe("subscription");
    // $99 + $50 CGM device fee, 8% tax: the 'Pay $160.92' the page shows.
    expect([session.amount_subtotal, session.total_details?.amount_tax, session.amount_total]).toEqual([14900, 1192, 16092]);
    // D3: 30 minutes, plus a minute so Stripe's own clock never sees less.
    expect(session.expires_at - session.created).toBeGreaterThanOrEqual(31 * 60 - 5);
    expect(session.expires_at - session.created).toBeLessThanOrEqual(31 * 60 + 5);
    expect(session.metadata).toMatchObject({ source: "website", plan_name: "Starter", cohort_id: cohortId, referral_id: "friend-code" });
    expect(JSON.parse(session.metadata!.user_info!)).toMatchObject({ agreeToTerms: true, termsVersion: "2025-07-31" });
    expect(session.success_url).toBe("http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}");
    const items = await stripe().checkout.sessions.listLineItems(session.id);
    expect(items.data.map((item) => [item.amount_subtotal, item.price?.recurring?.interval_count ?? null])).toEqual([
      [9900, 3],
      [5000, null],
    ]);

    const [order] = await sql`select status, plan_type, has_cgm, total_cents, tax_cents, referral_id, utm, user_info, email, user_id
      from public.orders where stripe_checkout_session_id = ${session.id}`;
    expect(order).toMatchObject({
      status: "pending",
      plan_type: "starter",
      has_cgm: true,
      total_cents: 16092,
      tax_cents: 1192,
      referral_id: "friend-code",
      email: null,
      user_id: null,
    });
    expect(order!.utm).toEqual({ utmSource: "newsletter" });
    expect(order!.user_info).toMatchObject({
      dietaryRestrictions: "vegetarian",
      safetyScreen: { pregnancy: "no", type1DiabetesOrInsulin: "no", eatingDisorderHistory: "no" },
    });
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 1, participants: 0, held: 1, enrolled: 0 });
  });

  it("refuses a checkout whose safety screen says yes (or was not answered): 422, no order, no seat, no Stripe session", async () => {
    const cohortId = await createCohort(sql, { cap: 5 });
    const before = await orderCount();
    const body = checkoutBody(cohortId);
    const metadata = body.metadata as { user_info: Record<string, unknown> };
    const screen = metadata.user_info.safetyScreen as Record<string, unknown>;
    const withScreen = (safetyScreen: unknown) => ({
      ...body,
      metadata: { ...metadata, user_info: { ...metadata.user_info, safetyScreen } },
    });

    const pregnant = await postCheckout(withScreen({ ...screen, pregnancy: "yes" }));
    expect(pregnant.status).toBe(422);
    expect(pregnant.json).toMatchObject({
      code: "validation_failed",
      details: [{ path: "metadata.user_info.safetyScreen", message: SAFETY_SCREEN_REFUSED }],
    });
    const skipped = await postCheckout(withScreen(undefined));
    expect(skipped.status).toBe(422);
    expect(skipped.json.details?.[0]?.path).toBe("metadata.user_info.safetyScreen");
    expect(await orderCount()).toBe(before);
    expect(await cohortCounts(sql, cohortId)).toMatchObject({ prospective: 0, held: 0 });

    // The visitor's own tick is no clearance (tests/integration/payments/safety-clearance.test.ts
    // shows the emailed link's that is).
    const ticked = await postCheckout(withScreen({ ...screen, pregnancy: "yes", clearedByDoctor: true }));
    expect(ticked.status).toBe(422);
    expect(await orderCount()).toBe(before);
  });

  it("bills Premium yearly and fills the customer email for a signed-in buyer", async () => {
    const buyer = await signedInBuyer();
    const cohortId = await createCohort(sql);
    const { json } = await postCheckout(checkoutBody(cohortId, { planType: "premium", hasCGM: false }), { token: buyer.token });
    const session = await stripe().checkout.sessions.retrieve(json.data!.sessionId);
    expect(session.customer_email).toBe(buyer.email);
    expect(session.amount_total).toBe(15012);
    const items = await stripe().checkout.sessions.listLineItems(session.id);
    expect(items.data[0]!.price?.recurring).toMatchObject({ interval: "year", interval_count: 1 });
    const [order] = await sql`select user_id, email from public.orders where stripe_checkout_session_id = ${session.id}`;
    expect(order).toEqual({ user_id: buyer.userId, email: buyer.email });
  });

  it("keeps a signed-in buyer to one seat per cohort: a newer checkout replaces their hold, an enrolment refuses", async () => {
    const buyer = await signedInBuyer();
    const cohortId = await createCohort(sql, { cap: 5 });
    const answers = await Promise.all(Array.from({ length: 4 }, () => postCheckout(checkoutBody(cohortId), { token: buyer.token })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(await cohortCounts(sql, cohortId)).toMatchObject({ prospective: 1, held: 1 });
    await sql`update public.cohort_seats set status = 'enrolled', hold_expires_at = null, enrolled_at = now() where cohort_id = ${cohortId} and status = 'held'`;
    const again = await postCheckout(checkoutBody(cohortId), { token: buyer.token });
    expect(again).toEqual({ status: 409, json: { error: "You are already enrolled in this cohort.", code: "conflict" } });
  });

  it("applies an active coupon code (any case) as a Stripe promotion code", async () => {
    const cohortId = await createCohort(sql);
    const { status, json } = await postCheckout(
      checkoutBody(cohortId, { planType: "starter", hasCGM: true, couponCode: promotionCode.toLowerCase() }),
    );
    expect(status).toBe(200);
    const session = await stripe().checkout.sessions.retrieve(json.data!.sessionId);
    expect(session.total_details?.amount_discount).toBe(1490);
    expect(session.amount_total).toBe(14483);
    const [order] =
      await sql`select coupon_code, discount_cents, total_cents from public.orders where stripe_checkout_session_id = ${session.id}`;
    expect(order).toEqual({ coupon_code: promotionCode, discount_cents: 1490, total_cents: 14483 });
  });

  it("refuses an unknown coupon with 422 and never a silent full price; nothing is written", async () => {
    const cohortId = await createCohort(sql);
    const before = await orderCount();
    const { status, json } = await postCheckout(checkoutBody(cohortId, { couponCode: "NOSUCHCODE" }));
    expect(status).toBe(422);
    expect(json).toMatchObject({
      error: "This coupon code is not valid.",
      code: "validation_failed",
      details: [{ path: "couponCode", message: "This coupon code is not valid." }],
    });
    expect(await orderCount()).toBe(before);
    expect(await cohortCounts(sql, cohortId)).toMatchObject({ prospective: 0, held: 0 });
  });

  it("refuses an inactive coupon code", async () => {
    const coupon = await stripe().coupons.create({ amount_off: 500, currency: "usd", duration: "once" });
    const code = `OLD-${Date.now().toString(36).toUpperCase()}`;
    const promotion = await stripe().promotionCodes.create({ promotion: { type: "coupon", coupon: coupon.id }, code });
    await stripe().promotionCodes.update(promotion.id, { active: false });
    const { status, json } = await postCheckout(checkoutBody(await createCohort(sql), { couponCode: code }));
    expect(status).toBe(422);
    expect(json.error).toBe("This coupon code is not valid.");
  });

  it("answers 409 'This cohort is full' for a full cohort and writes nothing", async () => {
    const cohortId = await createCohort(sql, { cap: 3, prospective: 3 });
    const before = await orderCount();
    const { status, json } = await postCheckout(checkoutBody(cohortId));
    expect(status).toBe(409);
    expect(json).toEqual({ error: "This cohort is full", code: "cohort_full" });
    expect(await orderCount()).toBe(before);
  });

  it("answers 422 for an unknown, started or finished cohort", async () => {
    const unknown = await postCheckout(checkoutBody("0c0a0000-0000-4000-8000-0000000000ff"));
    expect(unknown.status).toBe(422);
    expect(unknown.json.details).toEqual([{ path: "cohortId", message: "This cohort does not exist." }]);
    for (const cohortId of [
      await createCohort(sql, { startsInDays: -2 }),
      await createCohort(sql, { status: "completed", startsInDays: -40 }),
    ]) {
      const { status, json } = await postCheckout(checkoutBody(cohortId));
      expect(status).toBe(422);
      expect(json.details?.[0]?.path).toBe("cohortId");
    }
  });

  it("gives back the seat of the buyer's earlier checkout when they come back from Stripe and start again", async () => {
    const cohortId = await createCohort(sql, { cap: 2 });
    const first = await postCheckout(checkoutBody(cohortId));
    expect(first.status).toBe(200);
    expect(await cohortCounts(sql, cohortId)).toMatchObject({ prospective: 1, held: 1 });
    const again = await postCheckout(
      checkoutBody(cohortId, { previousSessionId: first.json.data!.sessionId, previousSessionSecret: first.json.data!.sessionSecret }),
    );
    expect(again.status).toBe(200);
    expect((await stripe().checkout.sessions.retrieve(first.json.data!.sessionId)).status).toBe("expired");
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 1, participants: 0, held: 1, enrolled: 0 });
  });

  it("accepts a cohort whose dates are not announced yet", async () => {
    const { status } = await postCheckout(checkoutBody(await createCohort(sql, { startsInDays: null })));
    expect(status).toBe(200);
  });

  it("answers 400 for malformed JSON and 422 with field details for unknown plans and bad ids", async () => {
    const cohortId = await createCohort(sql);
    expect((await postCheckout(null, { raw: "{" })).status).toBe(400);
    const bad = await postCheckout(checkoutBody(cohortId, { planType: "gold", cohortId: "42" }));
    expect(bad.status).toBe(422);
    expect(bad.json.details?.map((d) => d.path).sort()).toEqual(["cohortId", "planType"]);
  });

  it("only sends buyers back to this site (no open redirect through Stripe)", async () => {
    const cohortId = await createCohort(sql);
    const before = await orderCount();
    for (const field of ["successUrl", "cancelUrl"]) {
      const url = field === "successUrl" ? "https://evil.example/steal?session_id={CHECKOUT_SESSION_ID}" : "https://evil.example/";
      const { status, json } = await postCheckout(checkoutBody(cohortId, { [field]: url }));
      expect(status).toBe(422);
      expect(json.details).toEqual([{ path: field, message: `${field} must be an address on http://localhost:3000.` }]);
    }
    expect(await orderCount()).toBe(before);
  });

  it("answers 'Payment setup failed. Please try again.' when Stripe is unreachable, and gives the seat back", async () => {
    const cohortId = await createCohort(sql, { cap: 2 });
    await postCheckout(checkoutBody(cohortId)); // warms the tax-rate lookup against the working stand-in
    globalForStripe.__stripe = new Stripe(inject("stripeSecretKey"), {
      host: "127.0.0.1",
      port: 9,
      protocol: "http",
      maxNetworkRetries: 0,
    });
    const { status, json } = await postCheckout(checkoutBody(cohortId));
    expect(status).toBe(502);
    expect(json).toEqual({ error: "Payment setup failed. Please try again.", code: "payment_provider_error" });
    expect(await cohortCounts(sql, cohortId)).toMatchObject({ prospective: 1, held: 1 });
    const [failed] = await sql`select count(*)::int as n from public.orders where cohort_id = ${cohortId} and status = 'failed'`;
    expect(failed!.n).toBe(1);
  });
});
