import "server-only";
import { REFERRAL_TTL_MS } from "@/lib/referrals/referral-capture-rules";
import { LEADS_PER_AFFILIATE_PER_DAY } from "@/lib/referrals/referral-ceilings";
import { accountForLead, getLead, insertLead, visitorTouches } from "../db/referrals/referrals-touches";
import type { AuthUser } from "../auth/auth-user";
import { otherPeople } from "./self-referral";

/**
 * POST /api/referral/lead: a signed-in member's browser reports that it is here; when a link
 * brought this browser before the account was made (within the 60-day window), the account is
 * that affiliate's lead. The first touch wins, once per account; never the member's own link, and
 * never an anonymous account (the edit-post page signs visitors in anonymously: nobody signed up).
 * Past the affiliate's daily ceiling the lead is kept flagged and not counted.
 */
export async function recordReferralLead(user: AuthUser, visitorId: string | null): Promise<{ recorded: boolean }> {
  if (!visitorId || (await getLead(user.id))) return { recorded: false };
  const account = await accountForLead(user.id);
  if (!account || account.isAnonymous) return { recorded: false };
  const touches = (await visitorTouches(visitorId, new Date(Date.now() - REFERRAL_TTL_MS))).filter((t) => t.touchedAt <= account.createdAt);
  const others = new Set(
    await otherPeople(
      touches.map((t) => t.affiliateUserId),
      { userId: user.id, emails: [user.email] },
    ),
  );
  const first = touches.find((t) => others.has(t.affiliateUserId));
  return { recorded: first ? await insertLead(user.id, first, LEADS_PER_AFFILIATE_PER_DAY) : false };
}
