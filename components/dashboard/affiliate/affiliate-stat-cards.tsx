"use client";

import { Skeleton } from "@/components/ui/skeleton";
import { AFFILIATE_STATS_LOAD_FAILED, COMMUNITY_REWARDS_NOTE, STAT_CARDS, formatDollars } from "@/lib/referrals/affiliate-display";
import type { AffiliateStats } from "@/lib/referrals/referral-schemas";
import { LoadError } from "@/components/errors/load-error";
import { useAffiliateStatsQuery } from "./use-affiliate-queries";

type StatKey = (typeof STAT_CARDS)[number]["key"];

function statValue(stats: AffiliateStats, key: StatKey): string {
  return key === "commission" ? formatDollars(stats.commission) : stats[key].toLocaleString("en-US");
}

/**
 * SPEC §2 Dashboard: Total Visitors, Inquirers (Leads on a phone), Subscribers (Conversions on a
 * phone) and Community Rewards (commission in dollars).
 */
export function AffiliateStatCards() {
  const query = useAffiliateStatsQuery();
  return (
    <section aria-labelledby="affiliate-stats-title" aria-busy={query.isPending || undefined} className="grid gap-3">
      <h2 id="affiliate-stats-title" className="sr-only">
        Your referrals
      </h2>
      {query.isError ? (
        <LoadError message={query.error.message || AFFILIATE_STATS_LOAD_FAILED} onRetry={() => void query.refetch()} />
      ) : null}
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {STAT_CARDS.map((card) => (
          <div
            key={card.key}
            data-testid={`stat-${card.key}`}
            className="grid content-start gap-1 rounded-xl border bg-card p-4 shadow-sm sm:p-5"
          >
            <dt className="text-sm font-medium text-muted-foreground">
              {card.mobileLabel === card.label ? (
                card.label
              ) : (
                <>
                  <span className="md:hidden">{card.mobileLabel}</span>
                  <span className="hidden md:inline">{card.label}</span>
                </>
              )}
            </dt>
            <dd className="text-2xl font-bold tabular-nums tracking-tight sm:text-3xl">
              {query.data ? statValue(query.data, card.key) : query.isPending ? <Skeleton className="h-8 w-16" /> : "–"}
            </dd>
            {card.key === "commission" ? <dd className="text-xs text-muted-foreground">{COMMUNITY_REWARDS_NOTE}</dd> : null}
          </div>
        ))}
      </dl>
    </section>
  );
}
