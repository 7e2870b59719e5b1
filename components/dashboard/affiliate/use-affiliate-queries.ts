"use client";

import { useEffect, useRef } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { FunnelRange } from "@/lib/referrals/funnel-series";
import { fetchAffiliateFunnel, fetchAffiliateLink, fetchAffiliateStats, reportReferralLead } from "./affiliate-api";
import { affiliateKeys } from "./affiliate-query-keys";

// SPEC §7 Caching: affiliate link 5 min with 5 retries and backoff capped at 30 s; stats 1 min
// with 2 retries.
export const AFFILIATE_LINK_STALE_TIME_MS = 5 * 60_000;
export const AFFILIATE_LINK_RETRIES = 5;
export const AFFILIATE_LINK_MAX_RETRY_DELAY_MS = 30_000;
export const AFFILIATE_STATS_STALE_TIME_MS = 60_000;
export const AFFILIATE_STATS_RETRIES = 2;

/** Exponential backoff from 1 s, never longer than 30 s between tries. */
export const affiliateLinkRetryDelay = (failures: number) => Math.min(1000 * 2 ** failures, AFFILIATE_LINK_MAX_RETRY_DELAY_MS);

/**
 * `enabled: false` holds a card's request back: the cards below the fold ask once they come near
 * the screen, so a phone's first seconds on the dashboard go to what is on it.
 */
export type CardQueryOptions = { enabled?: boolean };

export function useAffiliateLinkQuery({ enabled = true }: CardQueryOptions = {}) {
  return useQuery({
    queryKey: affiliateKeys.link(),
    enabled,
    queryFn: ({ signal }) => fetchAffiliateLink(signal),
    staleTime: AFFILIATE_LINK_STALE_TIME_MS,
    retry: AFFILIATE_LINK_RETRIES,
    retryDelay: affiliateLinkRetryDelay,
  });
}

export function useAffiliateStatsQuery() {
  return useQuery({
    queryKey: affiliateKeys.stats(),
    queryFn: ({ signal }) => fetchAffiliateStats(signal),
    staleTime: AFFILIATE_STATS_STALE_TIME_MS,
    retry: AFFILIATE_STATS_RETRIES,
  });
}

/** The funnel chart moves with the stats: same freshness and retries; the last range stays on screen while the next loads. */
export function useAffiliateFunnelQuery(days: FunnelRange, { enabled = true }: CardQueryOptions = {}) {
  return useQuery({
    queryKey: affiliateKeys.funnel(days),
    enabled,
    queryFn: ({ signal }) => fetchAffiliateFunnel(days, signal),
    staleTime: AFFILIATE_STATS_STALE_TIME_MS,
    retry: AFFILIATE_STATS_RETRIES,
    placeholderData: keepPreviousData,
  });
}

/** Once per dashboard visit: a new member who came through a link becomes that affiliate's lead. */
export function useReportReferralLead(): void {
  const reported = useRef(false);
  useEffect(() => {
    if (reported.current) return;
    reported.current = true;
    // Best effort: a member not brought by a link has nothing to report.
    reportReferralLead().catch(() => {});
  }, []);
}
