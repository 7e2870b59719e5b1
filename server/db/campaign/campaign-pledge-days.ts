import "server-only";
import type { BadgeTier } from "@/lib/campaign/badge-tier";
import type { PledgeDayCount } from "@/lib/operator/pledge-counts";
import type { PendingQuery } from "postgres";
import { db, type Executor } from "../client";

// D17, Campaign: confirmed pledges per UTC day and badge tier, kept by the database in each
// pledge's own transaction (supabase/migrations/20261127800300_campaign_moderation.sql), so the
// operator's counts read a few rows a day, never the pledges themselves.

/** The stored counts of the UTC days from `from` to `to` ("2026-11-01"), both included: at most 4 rows a day. */
export function pledgeDayCountsQuery(sql: Executor, from: string, to: string): PendingQuery<PledgeDayCount[]> {
  return sql<PledgeDayCount[]>`
    select day::text as day, tier, pledges::float8 as pledges
    from public.campaign_pledge_days
    where day between ${from}::date and ${to}::date and pledges > 0`;
}

export async function listPledgeDayCounts(from: string, to: string): Promise<PledgeDayCount[]> {
  return pledgeDayCountsQuery(db(), from, to);
}

/** Every confirmed pledge by tier (a sum over 4 rows a day since the campaign began). */
export async function listPledgeTierTotals(): Promise<{ tier: BadgeTier; pledges: number }[]> {
  return db()<{ tier: BadgeTier; pledges: number }[]>`
    select tier, sum(pledges)::float8 as pledges from public.campaign_pledge_days group by tier`;
}
