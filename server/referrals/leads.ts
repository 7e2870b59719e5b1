import "server-only";
import { REFERRAL_TTL_MS } from "@/lib/referral/referral-capture-rules";
import { accountCreatedAt, getLead, insertLead, visitorTouches } from "../db/referrals-touches";
import type { AuthUser } from "../auth/auth-user";
import { otherPeople } from "./self-referral";

/**
 * POST /api/referral/lead: a signed-in member's browser reports that it is here; when a link
 * brought this browser before the account was made (within the 60-day window), the account is
 * that affiliate's lead. The first touch wins, once per account; never the member's own link.
 */
export async function recordReferralLead(user: AuthUser, visitorId: string | null): Promise<{ recorded: boolean }> {
  if (!visitorId || (await getLead(user.id))) return { recorded: false };
  const createdAt = await accountCreatedAt(user.id);
  if (!createdAt) return { recorded: false };
  const touches = (await visitorTouches(visitorId, new Date(Date.now() - REFERRAL_TTL_MS))).filter((t) => t.touchedAt <= createdAt);
  const others = new Set(await otherPeople(touches.map((t) => t.affiliateUserId), { userId: user.id, emails: [user.email] }));
  const first = touches.find((t) => others.has(t.affiliateUserId));
  return { recorded: first ? await insertLead(user.id, first) : false };
}
