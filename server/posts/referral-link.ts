import "server-only";
import { siteUrl } from "@/lib/site";

/**
 * D5: the member's affiliate link, `{site}/?via={code}`, or null when they have none. Affiliate
 * codes do not exist yet (the affiliate programme brings them), so nobody has a link for now.
 */
export const affiliateLinkFor: (userId: string) => Promise<string | null> = async () => null;

/** SPEC §3 referral_link: the author's affiliate link when they are a member, else the site itself. */
export async function referralLinkFor(ownerId: string | null): Promise<string> {
  const affiliateLink = ownerId ? await affiliateLinkFor(ownerId) : null;
  return affiliateLink ?? siteUrl("/?utm_source=social_post&utm_medium=referral");
}
