import { describe, expect, it } from "vitest";
import { stripe } from "@/server/payments/stripe-client";
import { suiteSql } from "../../fixtures/db";
import { checkoutBody, cohortCounts, createCohort, eventually, postCheckout, suiteWebhookEndpoint } from "../../fixtures/payments";

const sql = suiteSql();
suiteWebhookEndpoint();

describe("seat holds under load (D3)", () => {
  it("500 simultaneous checkouts for a cohort of 50: exactly 50 holds, the rest 409, then 10 expiries free 10 seats", { timeout: 240_000 }, async () => {
    const cohortId = await createCohort(sql, { cap: 50 });
    const responses = await Promise.all(Array.from({ length: 500 }, () => postCheckout(checkoutBody(cohortId))));

    const byStatus = new Map<number, number>();
    for (const r of responses) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
    expect(Object.fromEntries(byStatus)).toEqual({ 200: 50, 409: 450 });
    expect(responses.filter((r) => r.status === 409).every((r) => r.json.error === "This cohort is full")).toBe(true);
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 50, participants: 0, held: 50, enrolled: 0 });
    const [orders] = await sql`select count(*)::int as n from public.orders where cohort_id = ${cohortId}`;
    expect(orders!.n).toBe(50);

    const expiring = responses.filter((r) => r.status === 200).slice(0, 10).map((r) => r.json.data!.sessionId);
    await Promise.all(expiring.map((id) => stripe().checkout.sessions.expire(id)));
    await eventually(async () => expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 40, participants: 0, held: 40, enrolled: 0 }));
    const expired = await sql`select status from public.orders where stripe_checkout_session_id = any(${expiring})`;
    expect(expired.map((o) => o.status)).toEqual(Array(10).fill("expired"));

    // The freed seats can be taken again.
    const again = await Promise.all(Array.from({ length: 12 }, () => postCheckout(checkoutBody(cohortId))));
    expect(again.map((r) => r.status).sort()).toEqual([...Array(10).fill(200), 409, 409]);
  });
});
