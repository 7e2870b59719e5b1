import { describe, expect, it } from "vitest";
import { checkoutResult } from "@/server/payments/checkout-result";
import { stripe } from "@/server/payments/stripe-client";
import { uniqueEmail } from "../../fixtures/auth-client";
import { suiteSql } from "../../fixtures/db";
import { SITE, checkoutBody, createCohort, eventually, payAtStripe, postCheckout, suiteWebhookEndpoint } from "../../fixtures/payments";

const sql = suiteSql();
suiteWebhookEndpoint();

describe("what /payment-success shows (checkoutResult)", () => {
  it("a paid session shows the plan and cohort, never the buyer's details", async () => {
    const cohortId = await createCohort(sql);
    const { json } = await postCheckout(checkoutBody(cohortId, { planType: "popular" }));
    await payAtStripe(json.data!.sessionId, { email: "private.buyer@example.com" });
    const result = await checkoutResult(json.data!.sessionId);
    expect(result).toMatchObject({ status: "paid", planName: "Popular", cohort: { name: expect.stringContaining("Test cohort") } });
    expect(JSON.stringify(result)).not.toContain("private.buyer");
  });

  it("says the receipt is on its way until the outbox has sent it, then that it was sent", async () => {
    const { json } = await postCheckout(checkoutBody(await createCohort(sql)));
    await payAtStripe(json.data!.sessionId, { email: uniqueEmail("receipt-state") });
    const first = await checkoutResult(json.data!.sessionId);
    expect(first).toMatchObject({ status: "paid", emails: expect.stringMatching(/^(queued|sent)$/) });
    await eventually(async () => expect(await checkoutResult(json.data!.sessionId)).toMatchObject({ status: "paid", emails: "sent" }));
    const [order] = await sql`select id from public.orders where stripe_checkout_session_id = ${json.data!.sessionId}`;
    const outbox = await sql`select kind, status from public.email_outbox where order_id = ${order!.id} order by kind`;
    expect(outbox).toEqual([
      { kind: "account-setup", status: "sent" },
      { kind: "payment-confirmation", status: "sent" },
    ]);
  });

  it("an open (unpaid) session is not a success; a submitted delayed payment is processing", async () => {
    const { json } = await postCheckout(checkoutBody(await createCohort(sql)));
    expect(await checkoutResult(json.data!.sessionId)).toEqual({ status: "failed", reason: "unpaid" });
    await payAtStripe(json.data!.sessionId, { async: true });
    expect(await checkoutResult(json.data!.sessionId)).toEqual({ status: "processing" });
  });

  it("a missing, malformed, unknown or foreign session id shows the failure state", async () => {
    expect(await checkoutResult(undefined)).toEqual({ status: "failed", reason: "missing" });
    expect(await checkoutResult("'; drop table orders;--")).toEqual({ status: "failed", reason: "invalid" });
    expect(await checkoutResult("cs_test_doesnotexist0000000000")).toEqual({ status: "failed", reason: "invalid" });
    // A session of the same Stripe account that no order of ours opened.
    const foreign = await stripe().checkout.sessions.create({
      mode: "payment",
      line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 500, product_data: { name: "Something else" } } }],
      success_url: `${SITE}/elsewhere`,
      cancel_url: `${SITE}/elsewhere`,
    });
    expect(await checkoutResult(foreign.id)).toEqual({ status: "failed", reason: "invalid" });
  });
});
