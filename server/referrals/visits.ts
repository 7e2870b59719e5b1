import "server-only";
import type { z } from "zod";
import { canonicalAffiliateCode } from "@/lib/referrals/affiliate-code";
import { VISITS_PER_ADDRESS_PER_DAY, VISITS_PER_AFFILIATE_PER_DAY } from "@/lib/referrals/referral-ceilings";
import type { referralVisitResultSchema } from "@/lib/referrals/referral-schemas";
import { findAffiliateByCode } from "../db/referrals/referrals-affiliates";
import { insertVisit, type StoredVisit } from "../db/referrals/referrals-touches";
import { clientAddress } from "../http/client-address";
import type { ResponseCookieJar } from "../http/route-answer";
import { isAutomatedRequest } from "./automated-request";
import { newVisitorId, setVisitorCookie, visitClientKey, visitorIdFrom } from "./visitor-cookie";

/** Stores the visit unless it is automated or the code is nobody's; null when nothing was stored. */
async function storeVisit(request: Request, via: string, visitorId: string): Promise<StoredVisit | null> {
  if (isAutomatedRequest(request)) return null;
  const code = canonicalAffiliateCode(via);
  const affiliateUserId = code ? await findAffiliateByCode(code) : null;
  if (!affiliateUserId) return null;
  return insertVisit({
    affiliateUserId,
    visitorId,
    clientKey: visitClientKey(clientAddress(request.headers)),
    perAddress: VISITS_PER_ADDRESS_PER_DAY,
    perAffiliate: VISITS_PER_AFFILIATE_PER_DAY,
  });
}

/**
 * POST /api/referral/visit: a visitor arrived through `?via=CODE`. Counted once per visitor (the
 * signed first-party cookie) and affiliate; a replay with the cookie counts nothing, and replays
 * without it are held by the per-address rate limit and the daily ceilings: beyond 5
 * visits from one address, or 500 in all, an affiliate's visits that day are kept but flagged and
 * not counted. Unknown codes are not stored anywhere. A new visitor whose visit was stored gets
 * their cookie in `cookies` (the answer's).
 */
export async function recordReferralVisit(
  request: Request,
  via: string,
  cookies: ResponseCookieJar,
): Promise<z.input<typeof referralVisitResultSchema>> {
  const knownVisitor = visitorIdFrom(request);
  const visitorId = knownVisitor ?? newVisitorId();
  const stored = await storeVisit(request, via, visitorId);
  const counted = stored !== null && stored.flaggedReason === null;
  if (stored && !knownVisitor) setVisitorCookie(cookies, visitorId);
  return { counted };
}
