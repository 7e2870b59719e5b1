import "server-only";
import { randomUUID } from "node:crypto";
import { NextResponse } from "next/server";
import { canonicalAffiliateCode } from "@/lib/referral/affiliate-code";
import { referralVisitResultSchema } from "@/lib/referral/referral-schemas";
import { findAffiliateByCode } from "../db/referrals-affiliates";
import { insertVisit } from "../db/referrals-touches";
import { isAutomatedRequest } from "./automated-request";
import { setVisitorCookie, visitorIdFrom } from "./visitor-cookie";

/** Counts the visit unless it is automated or the code is nobody's; true only for a first visit. */
async function countVisit(request: Request, via: string, visitorId: string): Promise<boolean> {
  if (isAutomatedRequest(request)) return false;
  const code = canonicalAffiliateCode(via);
  const affiliateUserId = code ? await findAffiliateByCode(code) : null;
  return affiliateUserId ? insertVisit(affiliateUserId, visitorId) : false;
}

/**
 * POST /api/referral/visit: a visitor arrived through `?via=CODE`. Counted once per visitor (the
 * first-party cookie) and affiliate; a replay with the cookie counts nothing, and replays without
 * it are held by the per-address rate limit. Unknown codes are not stored anywhere.
 */
export async function recordReferralVisit(request: Request, via: string): Promise<Response> {
  const knownVisitor = visitorIdFrom(request);
  const visitorId = knownVisitor ?? randomUUID();
  const counted = await countVisit(request, via, visitorId);
  const response = NextResponse.json({ data: referralVisitResultSchema.parse({ counted }) }, { headers: { "cache-control": "no-store" } });
  if (counted && !knownVisitor) setVisitorCookie(response, visitorId);
  return response;
}
