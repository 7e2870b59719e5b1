import { randomInt, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { MoneyTotal, OperatorOverview } from "@/lib/operator/overview";
import { db } from "@/server/db/client";
import { enqueueJob } from "@/server/jobs/enqueue-job";
import { operatorOverview } from "@/server/operator/overview";
import { uniqueEmail } from "../../fixtures/auth-client";
import { suiteSql } from "../../fixtures/db";
import { createCohort, eventually } from "../../fixtures/payments";

// D17: the operator area's home page. Its figures are read before and after rows are seeded, and
// each must move by exactly what was seeded (other files' rows in this database stay as they are).
const sql = suiteSql();

const usd = (totals: MoneyTotal[]) => totals.find((total) => total.currency === "usd")?.cents ?? 0;
const sales = (overview: OperatorOverview, days: 7 | 30) => overview.sales.find((figures) => figures.days === days)!;

/** A paid order of `cents` in the cohort, paid `daysAgo` days ago (its checkout opened just before). */
async function paidOrder(cohortId: string, cents: number, daysAgo: number, status = "paid"): Promise<string> {
  const paidAt = new Date(Date.now() - daysAgo * 86_400_000);
  const [order] = await sql<{ id: string }[]>`
    insert into public.orders (email, plan_type, plan_name, has_cgm, cohort_id, subtotal_cents, tax_cents, total_cents, status, paid_at, created_at)
    values (${uniqueEmail("overview-buyer")}, 'starter', 'Starter', false, ${cohortId}, ${cents}, 0, ${cents}, ${status}, ${paidAt}, ${new Date(paidAt.getTime() - 60_000)})
    returning id::text`;
  return order!.id;
}

/** A refund of the order completed at Stripe `daysAgo` days ago. */
async function completedRefund(orderId: string, cents: number, daysAgo: number): Promise<void> {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  await sql`
    insert into public.order_refunds (order_id, request_key, amount_cents, reason, status, stripe_refund_id, created_at, completed_at)
    values (${orderId}, ${randomUUID()}, ${cents}, 'requested_by_customer', 'succeeded', ${`re_${randomUUID().replaceAll("-", "")}`}, ${at}, ${at})`;
}

/** A waitlist offer in the cohort whose held place is let go `hours` from now. */
async function offer(cohortId: string, hours: number, queueNumber: number): Promise<void> {
  const email = uniqueEmail("overview-waiting");
  const expires = new Date(Date.now() + hours * 3_600_000);
  const [seat] = await sql<{ id: string }[]>`
    insert into public.cohort_seats (cohort_id, email, status, hold_expires_at) values (${cohortId}, ${email}, 'held', ${expires}) returning id`;
  await sql`
    insert into public.cohort_waitlist (cohort_id, queue_number, email, email_identity, joined_at, state, seat_id, offer_token_hash, offered_at, offer_expires_at)
    values (${cohortId}, ${queueNumber}, ${email}, ${email}, now() - interval '2 days', 'offered', ${seat!.id},
      ${randomUUID().replaceAll("-", "").repeat(2)}, now() - interval '1 hour', ${expires})`;
}

/** A send-email job that fails at once and for good (its receipt's order does not exist), its email given up on. */
async function failedEmailJob(): Promise<void> {
  const outboxId = await db().begin(async (tx) => {
    const [row] = await tx<{ id: string }[]>`
      insert into public.email_outbox (kind, recipient, data) values ('payment-confirmation', ${uniqueEmail("overview-no-order")}, ${tx.json({ orderId: randomUUID() })})
      returning id::text`;
    await enqueueJob(tx, "send-email", { outboxId: row!.id });
    await tx`update pgboss.job set retry_limit = 0 where name = 'send-email' and data ->> 'outboxId' = ${row!.id}`;
    return row!.id;
  });
  await eventually(async () => {
    const [row] = await sql<{ status: string }[]>`select status from public.email_outbox where id = ${outboxId}`;
    expect(row?.status).toBe("failed");
    const [job] = await sql<
      { state: string }[]
    >`select state::text from pgboss.job where name = 'send-email' and data ->> 'outboxId' = ${outboxId}`;
    expect(job?.state).toBe("failed");
  }, 30_000);
}

describe("the operator's overview", () => {
  it("counts what was seeded, each figure by exactly what it should", async () => {
    const before = await operatorOverview();
    // A cohort that starts within the hour, 3 of its 12 seats paid (the cohort list's own counters).
    const cohortId = await createCohort(sql, { cap: 12, startsInDays: 0.02, participants: 3, prospective: 4 });

    const recent = await paidOrder(cohortId, 12_345, 2);
    await paidOrder(cohortId, 50_000, 20);
    await paidOrder(cohortId, 99_999, 40);
    await paidOrder(cohortId, 7_000, 1, "refunded");
    await completedRefund(recent, 2_345, 3);
    await completedRefund(recent, 1_000, 40);

    await offer(cohortId, 2, 1);
    await offer(cohortId, 30, 2);

    await sql`
      insert into public.campaign_stories (story_number, format, content, source, status)
      values (${1_000_000_000 + randomInt(1_000_000_000)}, 'text', 'A story the overview counts.', 'magic_form', 'pending')`;
    const today = new Date().toISOString().slice(0, 10);
    // Three confirmed pledges now: the database's own triggers count them by day (and a file that
    // clears the pledges later takes them out of the counts with them).
    await sql`
      insert into public.campaign_pledges (pledge_number, name, email, email_identity)
      select n, 'Overview pledger', 'overview-' || n || '@example.com', 'overview-' || n || '@example.com'
      from generate_series((select coalesce(max(pledge_number), 0) + 1 from public.campaign_pledges), (select coalesce(max(pledge_number), 0) + 3 from public.campaign_pledges)) n`;

    await failedEmailJob();

    const after = await operatorOverview();

    // Last 7 days: the order paid 2 days ago and the refunded one paid yesterday (sold, then refunded).
    expect(sales(after, 7).seats - sales(before, 7).seats).toBe(2);
    expect(usd(sales(after, 7).revenue) - usd(sales(before, 7).revenue)).toBe(12_345 + 7_000);
    expect(usd(sales(after, 7).refunded) - usd(sales(before, 7).refunded)).toBe(2_345);
    // Last 30 days add the one paid 20 days ago; the one paid 40 days ago is in neither.
    expect(sales(after, 30).seats - sales(before, 30).seats).toBe(3);
    expect(usd(sales(after, 30).revenue) - usd(sales(before, 30).revenue)).toBe(12_345 + 7_000 + 50_000);
    expect(usd(sales(after, 30).refunded) - usd(sales(before, 30).refunded)).toBe(2_345);

    // Only the offer lapsing in 2 hours is within 24; it is named under its cohort.
    expect(after.attention.lapsingOffers.total - before.attention.lapsingOffers.total).toBe(1);
    expect(after.attention.lapsingOffers.cohorts).toContainEqual({
      cohortId,
      cohortName: expect.stringContaining("Test cohort"),
      offers: 1,
    });

    expect(after.attention.storiesToReview - before.attention.storiesToReview).toBe(1);
    expect(after.attention.failedJobs - before.attention.failedJobs).toBe(1);
    expect(after.attention.unsentEmails.failed - before.attention.unsentEmails.failed).toBe(1);
    expect(after.pledgesToday).toEqual({ day: today, pledges: before.pledgesToday.pledges + 3 });

    // The fill is the cohort list's paid seats over the capacity.
    const next = after.nextCohorts.find((cohort) => cohort.id === cohortId);
    expect(next).toMatchObject({ participant_cap: 12, seats: { paid: 3, held: 1, free: 8 } });
    expect(after.nextCohorts.length).toBeLessThanOrEqual(5);
    expect(after.nextCohorts.every((cohort) => cohort.status === "upcoming")).toBe(true);
  });

  it("names an order paid after the checkout that disagrees with Stripe as the Health page does", async () => {
    const before = await operatorOverview();
    const cohortId = await createCohort(sql, { startsInDays: 30 });
    await sql`
      insert into public.orders (email, plan_type, plan_name, has_cgm, cohort_id, subtotal_cents, tax_cents, total_cents, status, created_at)
      values (${uniqueEmail("overview-stale")}, 'starter', 'Starter', false, ${cohortId}, 9900, 0, 9900, 'pending', now() - interval '2 hours')`;
    const after = await operatorOverview();
    expect(after.attention.disagreeingOrders.count + (after.attention.disagreeingOrders.more ? 1 : 0)).toBeGreaterThan(
      before.attention.disagreeingOrders.count,
    );
    if (!before.attention.disagreeingOrders.more)
      expect(after.attention.disagreeingOrders.count - before.attention.disagreeingOrders.count).toBe(1);
  });
});
