import { describe, expect, it } from "vitest";
import { stripe } from "@/server/payments/stripe-client";
import { suiteSql } from "../../fixtures/db";
import { checkoutBody, cohortCounts, createCohort, eventually, postCheckout, suiteWebhookEndpoint } from "../../fixtures/payments";
import { racesOnlyOnPostgres } from "../../fixtures/postgres-only";

const sql = suiteSql();
suiteWebhookEndpoint();

async function heldSessions(cohortId: string): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    select o.stripe_checkout_session_id as id from public.orders o
    join public.cohort_seats s on s.order_id = o.id and s.status = 'held'
    where o.cohort_id = ${cohortId}`;
  return rows.map((r) => r.id);
}

racesOnlyOnPostgres("500 checkouts at once for 50 places");

describe("seat holds under load (D3)", () => {
  it(
    "500 simultaneous checkouts for a cohort of 50: exactly half its places held, every checkout opened, then 10 expiries free 10 holds",
    { timeout: 240_000 },
    async () => {
      const cohortId = await createCohort(sql, { cap: 50 });
      const responses = await Promise.all(Array.from({ length: 500 }, () => postCheckout(checkoutBody(cohortId))));

      const byStatus = new Map<number, number>();
      for (const r of responses) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
      expect(Object.fromEntries(byStatus)).toEqual({ 200: 500 });
      expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 25, participants: 0, held: 25, enrolled: 0 });
      const [orders] = await sql`select count(*)::int as n from public.orders where cohort_id = ${cohortId} and status = 'pending'`;
      expect(orders!.n).toBe(500);

      const expiring = (await heldSessions(cohortId)).slice(0, 10);
      await Promise.all(expiring.map((id) => stripe().checkout.sessions.expire(id)));
      await eventually(async () =>
        expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 15, participants: 0, held: 15, enrolled: 0 }),
      );
      const expired = await sql`select status from public.orders where stripe_checkout_session_id = any(${expiring})`;
      expect(expired.map((o) => o.status)).toEqual(Array(10).fill("expired"));

      // The freed holds can be taken again, and no more than that.
      const again = await Promise.all(Array.from({ length: 12 }, () => postCheckout(checkoutBody(cohortId))));
      expect(again.map((r) => r.status)).toEqual(Array(12).fill(200));
      expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 25, participants: 0, held: 25, enrolled: 0 });
    },
  );
});
