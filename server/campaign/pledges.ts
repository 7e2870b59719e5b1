import "server-only";
import { badgeForPledgeNumber } from "@/lib/campaign/badge-tier";
import type { Pledge } from "@/lib/campaign/campaign-schemas";
import { emailIdentity } from "@/lib/email/email-address";
import { siteUrl } from "@/lib/site";
import { publicRead } from "../cache/public-read";
import { db } from "../db/client";
import { countPledges, savePledge } from "../db/campaign";
import { queueEmail } from "../email/outbox";

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
 * D6: keeps one pledge per person and answers with its number and badge. The confirmation email is
 * queued in the pledge's transaction (D16), so neither exists without the other and the mail server
 * is never waited for under the table lock. An address that already pledged gets its earlier pledge
 * back (created: false) and no second email.
 */
export async function takePledge({ name, email }: { name: string; email: string }): Promise<Pledge> {
  const { pledgeNumber, created } = await db().begin(async (tx) => {
    const saved = await savePledge(tx, { name, email, emailIdentity: emailIdentity(email) });
    if (saved.created) {
      const data = { name, pledgeNumber: saved.pledgeNumber, shareUrl: pledgeShareUrl(saved.pledgeNumber) };
      await queueEmail(tx, { kind: "pledge-confirmation", to: email, data });
    }
    return saved;
  });
  const badge = badgeForPledgeNumber(pledgeNumber);
  const shareUrl = pledgeShareUrl(pledgeNumber);
  return { pledgeNumber, tier: badge.tier, badgeName: badge.name, created, shareUrl };
}
