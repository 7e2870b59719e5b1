import { describe, expect, it } from "vitest";
import { insertReversal, lockCommissionForInvoice } from "@/server/db/referrals/referrals-ledger";
import { exportDuePayouts, payoutsCsv } from "@/server/referrals/payouts";
import { stripe } from "@/server/payments/stripe-client";
import { suiteSql } from "../../fixtures/db";
import { checkoutBody, createCohort, eventually, payAtStripe, paymentIntentOf, suiteWebhookEndpoint } from "../../fixtures/payments";
import { affiliateCode, checkout, deliverRenewal, ledgerOf, member, paidOrderOf, stats } from "../../fixtures/referrals";

const sql = suiteSql();
suiteWebhookEndpoint();

const DAY = 86_400_000;

/** A referred order paid now (pending commission) and an older renewal whose refund window is over (due). */
async function affiliateWithDueCommission() {
  const affiliate = await member("payee");
  const { code } = await affiliateCode(affiliate.token);
  const sessionId = await checkout(checkoutBody(await createCohort(sql), { referralId: code }));
  await payAtStripe(sessionId);
  const order = await paidOrderOf(sql, sessionId);
  await eventually(async () => expect(await ledgerOf(sql, order.id)).toHaveLength(1));
  const renewal = await deliverRenewal(order.stripe_invoice_id!, { amountPaid: 10692, tax: 792, paidAt: new Date(Date.now() - 40 * DAY) });
  expect(renewal.status).toBe(200);
  await eventually(async () => expect(await ledgerOf(sql, order.id)).toHaveLength(2));
  return { affiliate, order };
}

async function run(markPaid: boolean) {
  let csv = "";
  const payouts = await exportDuePayouts({ markPaid, write: async (text) => void (csv = text) });
  return { payouts, csv };
}

describe("npm run payouts: the operator's payout run", () => {
  it("exports due commission as CSV, marks exactly that paid, and pays nothing twice", async () => {
    const { affiliate } = await affiliateWithDueCommission();
    expect((await stats(affiliate.token)).body.data).toMatchObject({ commission: 49.6, pending: 29.8, due: 19.8, paid: 0 });

    const preview = await run(false);
    expect(preview.csv.split("\n")[0]).toBe("affiliate_user_id,email,affiliate_code,amount,currency,entries");
    const row = preview.csv.split("\n").find((line) => line.includes(affiliate.id));
    expect(row).toBe(`"${affiliate.id}","${affiliate.email}","${(await affiliateCode(affiliate.token)).code}","19.80","usd","1"`);
    expect((await stats(affiliate.token)).body.data).toMatchObject({ due: 19.8, paid: 0 });

    const paid = await run(true);
    expect(paid.payouts.find((p) => p.affiliateUserId === affiliate.id)).toMatchObject({
      amountCents: 1980,
      entryIds: [expect.any(String)],
    });
    expect((await stats(affiliate.token)).body.data).toMatchObject({ commission: 49.6, pending: 29.8, due: 0, paid: 19.8 });
    const [payout] = await sql`select amount_cents from public.commission_payouts where affiliate_user_id = ${affiliate.id}`;
    expect(payout).toEqual({ amount_cents: 1980 });

    const again = await run(true);
    expect(again.payouts.find((p) => p.affiliateUserId === affiliate.id)).toBeUndefined();
    await expect(sql`update public.commission_payouts set amount_cents = 1 where affiliate_user_id = ${affiliate.id}`).rejects.toThrow(
      /append-only/,
    );
  });

  it("a refund after payout is due at once and comes off the next payout; a negative balance is not paid", async () => {
    const { affiliate, order } = await affiliateWithDueCommission();
    await run(true);
    await stripe().refunds.create({ payment_intent: await paymentIntentOf(order.stripe_invoice_id!) });
    // The first payment (pending, not paid out) is reversed in full: the reversal waits with it.
    await eventually(async () => expect(await ledgerOf(sql, order.id)).toHaveLength(3));
    expect((await stats(affiliate.token)).body.data).toMatchObject({ commission: 19.8, pending: 0, due: 0, paid: 19.8 });
    // A reversal of the paid-out renewal (the stand-in has no disputes: the ledger rule directly) is due at once.
    const [renewal] = await sql<{ stripe_invoice_id: string }[]>`
      select stripe_invoice_id from public.commission_entries where order_id = ${order.id} and reason = 'renewal'`;
    await sql.begin(async (tx) => {
      const entry = await lockCommissionForInvoice(tx, renewal!.stripe_invoice_id);
      await insertReversal(tx, { entry: entry!, reason: "dispute_lost", amountCents: -1980, stripeReference: "dp_test_after_payout" });
    });
    expect((await stats(affiliate.token)).body.data).toMatchObject({ commission: 0, due: -19.8, paid: 19.8 });
    const next = await run(true);
    expect(next.payouts.find((p) => p.affiliateUserId === affiliate.id)).toBeUndefined();
  });

  it("keeps spreadsheet formulas out of the CSV", async () => {
    const csv = payoutsCsv([
      { affiliateUserId: "u", email: '=HYPERLINK("x")@example.com', code: "abcd-efgh", amountCents: 100, currency: "usd", entryIds: ["e"] },
    ]);
    expect(csv.split("\n")[1]).toBe(`"u","'=HYPERLINK(""x"")@example.com","abcd-efgh","1.00","usd","1"`);
  });
});
