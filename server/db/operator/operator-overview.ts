import "server-only";
import type { LapsingOffers, MoneyTotal, SalesWindow } from "@/lib/operator/overview";
import { db } from "../client";

// D17, the operator area's home page: the counts no other page's reads give. Each is bounded by
// what it counts: a window of days, the stories still pending, the offers in force.

export type SalesRow = { days: SalesWindow; currency: string; seats: number; cents: number };

/**
 * Orders paid in each of the last `windows` days, per currency: how many and what they were paid.
 * Refunded and charged-back orders count too: they were sold in the window, and what went back is
 * shown on its own. Read among the orders paid within the longest window only.
 */
export async function salesByWindow(windows: readonly SalesWindow[]): Promise<SalesRow[]> {
  const sql = db();
  const longest = Math.max(...windows);
  return sql<SalesRow[]>`
    select w.days::int as days, o.currency, count(*)::int as seats, sum(o.total_cents)::float8 as cents
    from public.orders o
    join unnest(${windows}::int[]) as w(days) on o.paid_at > now() - make_interval(days => w.days)
    where o.status in ('paid', 'refunded', 'charged_back') and o.paid_at > now() - make_interval(days => ${longest})
    group by w.days, o.currency`;
}

export type RefundRow = MoneyTotal & { days: SalesWindow };

/** Refunds completed at Stripe in each window, per currency of their order. */
export async function refundsByWindow(windows: readonly SalesWindow[]): Promise<RefundRow[]> {
  const sql = db();
  const longest = Math.max(...windows);
  return sql<RefundRow[]>`
    select w.days::int as days, o.currency, sum(r.amount_cents)::float8 as cents
    from public.order_refunds r
    join public.orders o on o.id = r.order_id
    join unnest(${windows}::int[]) as w(days) on r.completed_at > now() - make_interval(days => w.days)
    where r.status = 'succeeded' and r.completed_at > now() - make_interval(days => ${longest})
    group by w.days, o.currency`;
}

/** Stories waiting for an operator's review (through campaign_stories_review_idx). */
export async function countStoriesToReview(): Promise<number> {
  const [row] = await db()<{ n: number }[]>`select count(*)::int as n from public.campaign_stories where status = 'pending'`;
  return row?.n ?? 0;
}

/**
 * Offers in force whose place is let go within `hours`, per cohort, soonest first (through
 * cohort_waitlist_offer_expiry_idx). Offers already past their end wait for the job that passes
 * them on and are not counted.
 */
export async function lapsingOffersByCohort(hours: number, limit: number): Promise<LapsingOffers[]> {
  return db()<LapsingOffers[]>`
    select w.cohort_id::text as "cohortId", c.cohort_name as "cohortName", count(*)::int as offers
    from public.cohort_waitlist w
    join public.cohorts c on c.id = w.cohort_id
    where w.state = 'offered' and w.offer_expires_at > now() and w.offer_expires_at <= now() + make_interval(hours => ${hours})
    group by w.cohort_id, c.cohort_name
    order by min(w.offer_expires_at), w.cohort_id
    limit ${limit}`;
}

/** How many offers in force lapse within `hours`, in every cohort. */
export async function countLapsingOffers(hours: number): Promise<number> {
  const [row] = await db()<{ n: number }[]>`
    select count(*)::int as n from public.cohort_waitlist
    where state = 'offered' and offer_expires_at > now() and offer_expires_at <= now() + make_interval(hours => ${hours})`;
  return row?.n ?? 0;
}
