import "server-only";
import { siteUrl } from "@/lib/site";
import { memberAffiliateLink } from "../referrals/affiliate-identity";

/** SPEC §3 referral_link: the author's affiliate link when they are a member (D5), else the site itself. */
export async function referralLinkFor(ownerId: string | null): Promise<string> {
  const affiliateLink = ownerId ? await memberAffiliateLink(ownerId) : null;
  return affiliateLink ?? siteUrl("/?utm_source=social_post&utm_medium=referral");
}
