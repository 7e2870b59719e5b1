"use client";

import { apiRequest } from "@/components/api/api-request";
import { AFFILIATE_LINK_LOAD_FAILED, AFFILIATE_STATS_LOAD_FAILED } from "@/lib/referrals/affiliate-display";
import { funnelSeriesSchema, type FunnelRange, type FunnelSeries } from "@/lib/referrals/funnel-series";
import {
  affiliateLinkSchema,
  affiliateStatsSchema,
  referralLeadResultSchema,
  type AffiliateLink,
  type AffiliateStats,
} from "@/lib/referrals/referral-schemas";

// Every call the affiliate cards make, in one place.

/** GET /api/referral/get_affiliate_link: link (or affiliate_link) and coupon_code. */
export function fetchAffiliateLink(signal?: AbortSignal): Promise<AffiliateLink> {
  return apiRequest({
    path: "/api/referral/get_affiliate_link",
    auth: "required",
    schema: affiliateLinkSchema,
    fallback: AFFILIATE_LINK_LOAD_FAILED,
    signal,
  });
}

/** GET /api/referral/stats: visitors, leads, conversions, commission, its split and the ledger. */
export function fetchAffiliateStats(signal?: AbortSignal): Promise<AffiliateStats> {
  return apiRequest({
    path: "/api/referral/stats",
    auth: "required",
    schema: affiliateStatsSchema,
    fallback: AFFILIATE_STATS_LOAD_FAILED,
    signal,
  });
}

/** GET /api/referral/funnel?days=: visits, leads and conversions per day for the chart. */
export function fetchAffiliateFunnel(days: FunnelRange, signal?: AbortSignal): Promise<FunnelSeries> {
  return apiRequest({
    path: `/api/referral/funnel?days=${days}`,
    auth: "required",
    schema: funnelSeriesSchema,
    fallback: AFFILIATE_STATS_LOAD_FAILED,
    signal,
  });
}

/** POST /api/referral/lead: tells the server this signed-in browser may have come through a link. */
export async function reportReferralLead(): Promise<void> {
  await apiRequest({
    method: "POST",
    path: "/api/referral/lead",
    auth: "required",
    schema: referralLeadResultSchema,
    fallback: "Could not report the referral",
  });
}
