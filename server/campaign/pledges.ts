import "server-only";
import { badgeForPledgeNumber } from "@/lib/campaign/badge-tier";
import type { Pledge } from "@/lib/campaign/campaign-schemas";
import { emailIdentity } from "@/lib/email/email-address";
import { siteUrl } from "@/lib/site";
import { publicRead } from "../cache/public-read";
import { countPledges, savePledge } from "../db/campaign";
import { sendEmail } from "../email/send-email";
import { pledgeConfirmationEmail } from "../email/templates/campaign-emails";
import { log } from "../log";

const sharedCount = publicRead(() => countPledges(), 1);

/**
 * GET /api/campaign/pledges: how many have pledged, counted at most once per PUBLIC_READ_CACHE_MS
 * (1 s) by this instance however many visitors ask, so a flood of reads costs the database nothing
 * more and needs no per-request limit (whose own write would be the dearest part of the request).
 * The count may be that much behind; a visitor who just pledged is shown at least their number.
 */
export function pledgeCount(): Promise<number> {
  return sharedCount("all");
}

/** The public page of a pledge: it unfurls with the pledge's badge card. */
export function pledgeShareUrl(pledgeNumber: number): string {
  return siteUrl(`/magic/pledge/${pledgeNumber}`);
}

/**
 * D6: keeps one pledge per person and answers with its number and badge. An address that already
 * pledged gets its earlier pledge back (created: false) and no second email; a mail failure does
 * not lose the pledge.
 */
export async function takePledge({ name, email }: { name: string; email: string }): Promise<Pledge> {
  const { pledgeNumber, created } = await savePledge({ name, email, emailIdentity: emailIdentity(email) });
  const badge = badgeForPledgeNumber(pledgeNumber);
  const shareUrl = pledgeShareUrl(pledgeNumber);
  if (created) {
    try {
      await sendEmail(await pledgeConfirmationEmail({ name, to: email, pledgeNumber, badge, shareUrl }));
    } catch (error) {
      log.error("Pledge confirmation email failed", { error });
    }
  }
  return { pledgeNumber, tier: badge.tier, badgeName: badge.name, created, shareUrl };
}
