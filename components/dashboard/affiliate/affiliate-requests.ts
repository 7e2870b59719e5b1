"use client";

import { AFFILIATE_LINK_LOAD_FAILED, AFFILIATE_STATS_LOAD_FAILED } from "@/lib/dashboard/affiliate-display";
import { affiliateLinkSchema, affiliateStatsSchema, type AffiliateLink, type AffiliateStats } from "@/lib/referral/schemas";
import { memberRequest, parseOrThrow } from "../cohort/member-request";

// Every call the affiliate cards make, in one place.

/** GET /api/referral/get_affiliate_link: link (or affiliate_link) and coupon_code. */
export async function fetchAffiliateLink(signal?: AbortSignal): Promise<AffiliateLink> {
  const data = await memberRequest("/api/referral/get_affiliate_link", { fallback: AFFILIATE_LINK_LOAD_FAILED, signal });
  return parseOrThrow(affiliateLinkSchema, data, AFFILIATE_LINK_LOAD_FAILED);
}

/** GET /api/referral/stats: visitors, leads, conversions, commission, its split and the ledger. */
export async function fetchAffiliateStats(signal?: AbortSignal): Promise<AffiliateStats> {
  const data = await memberRequest("/api/referral/stats", { fallback: AFFILIATE_STATS_LOAD_FAILED, signal });
  return parseOrThrow(affiliateStatsSchema, data, AFFILIATE_STATS_LOAD_FAILED);
}

/** POST /api/referral/lead: tells the server this signed-in browser may have come through a link. */
export async function reportReferralLead(): Promise<void> {
  await memberRequest("/api/referral/lead", { method: "POST", fallback: "Could not report the referral" });
}
