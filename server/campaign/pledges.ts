import "server-only";
import type { TransactionSql } from "postgres";
import { badgeForPledgeNumber } from "@/lib/campaign/badge-tier";
import type { Pledge } from "@/lib/campaign/campaign-schemas";
import { siteUrl } from "@/lib/site";
import { publicRead } from "../cache/public-read";
import { countCampaign, findPledgeByEmailIdentity, savePledge, type CampaignCounts } from "../db/campaign/campaign";
import { queueEmail } from "../email/outbox";

const sharedCounts = publicRead(() => countCampaign(), 1);

/**
 * GET /api/campaign/pledges: how many have pledged and how many partners joined (confirmed ones:
 * D18; real counts from the first, DESIGN D6), counted at most once per PUBLIC_READ_CACHE_MS (1 s)
 * by this instance however many visitors ask, so a flood of reads costs the database nothing more
 * and needs no per-request limit (whose own write would be the dearest part of the request). The
 * counts may be that much behind.
 */
export function campaignCounts(): Promise<CampaignCounts> {
  return sharedCounts("all");
}

/** The public page of a pledge: it unfurls with the pledge's badge card. */
export function pledgeShareUrl(pledgeNumber: number): string {
  return siteUrl(`/magic/pledge/${pledgeNumber}`);
}

function pledgeView(pledgeNumber: number): Pledge {
  const badge = badgeForPledgeNumber(pledgeNumber);
  return { pledgeNumber, tier: badge.tier, badgeName: badge.name, shareUrl: pledgeShareUrl(pledgeNumber) };
}

/**
 * D6, D18: a confirmed pledge is kept, numbered in the order pledges are confirmed, and its badge
 * email queued in the same transaction (D16). An address that already pledged keeps its earlier
 * pledge (and the name it confirmed then); the email brings that number again. `key` (the
 * confirmation's id) queues the email once however often this runs.
 */
export async function keepConfirmedPledge(
  tx: TransactionSql,
  pledge: { name: string; email: string; emailIdentity: string },
  key: string,
): Promise<Pledge> {
  const saved = await savePledge(tx, pledge);
  const data = { name: saved.name, pledgeNumber: saved.pledgeNumber, shareUrl: pledgeShareUrl(saved.pledgeNumber) };
  await queueEmail(tx, { kind: "pledge-confirmation", to: pledge.email, data, dedupeKey: `campaign-confirmation:${key}:badge` });
  return pledgeView(saved.pledgeNumber);
}

/** The pledge an address holds, for the reader of its confirmation link (who has shown they own it). */
export async function pledgeOfAddress(tx: TransactionSql, emailIdentity: string): Promise<Pledge | null> {
  const pledge = await findPledgeByEmailIdentity(emailIdentity, tx);
  return pledge ? pledgeView(pledge.pledgeNumber) : null;
}
