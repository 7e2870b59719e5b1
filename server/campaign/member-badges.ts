import "server-only";
import { pledgeBadge, type MemberBadges } from "@/lib/badges/badges";
import { emailIdentity } from "@/lib/email/email-address";
import type { AuthUser } from "../auth/auth-user";
import { findPledgeByEmailIdentity } from "../db/campaign/campaign";

/** GET /api/users/me/badges: the badges the member earned; today the one their campaign pledge (by their account's address) earned. */
export async function memberBadges(user: AuthUser): Promise<MemberBadges> {
  if (!user.email) return { badges: [] };
  const pledge = await findPledgeByEmailIdentity(emailIdentity(user.email));
  return { badges: pledge?.pledgeNumber ? [pledgeBadge(pledge.pledgeNumber, pledge.createdAt)] : [] };
}
