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

export function pledgeView(pledgeNumber: number): Pledge {
  const badge = badgeForPledgeNumber(pledgeNumber);
  return { pledgeNumber, tier: badge.tier, badgeName: badge.name, shareUrl: pledgeShareUrl(pledgeNumber) };
}

/** The badge email of a numbered pledge; `key` (a confirmation's id) queues it once per confirmation. */
export async function queueBadgeEmail(tx: TransactionSql, pledge: { name: string; email: string; pledgeNumber: number }, key: string) {
  const data = { name: pledge.name, pledgeNumber: pledge.pledgeNumber, shareUrl: pledgeShareUrl(pledge.pledgeNumber) };
  await queueEmail(tx, { kind: "pledge-confirmation", to: pledge.email, data, dedupeKey: `campaign-confirmation:${key}:badge` });
}

/** A confirmed pledge: numbered (`pledge`), or kept and waiting for its number (`waitingId`). */
export type KeptPledge = { pledge: Pledge; waitingId: null } | { pledge: null; waitingId: string };

/**
 * D6, D18: a confirmed pledge is kept, in the caller's transaction, and numbered in the order pledges
 * are confirmed once it commits (pledge-numbering.ts: its badge email is queued with its number,
 * D16). An address that already pledged keeps its earlier pledge (and the name it confirmed then);
 * if that has its number, the badge email is queued here and brings it again. `key` (the
 * confirmation's id) queues the email once however often this runs.
 */
export async function keepConfirmedPledge(
  tx: TransactionSql,
  pledge: { name: string; email: string; emailIdentity: string },
  key: string,
): Promise<KeptPledge> {
  const saved = await savePledge(tx, { ...pledge, confirmationId: key });
  if (saved.pledgeNumber === null) return { pledge: null, waitingId: saved.id };
  await queueBadgeEmail(tx, { name: saved.name, email: pledge.email, pledgeNumber: saved.pledgeNumber }, key);
  return { pledge: pledgeView(saved.pledgeNumber), waitingId: null };
}

/** The pledge an address holds, for the reader of its confirmation link (who has shown they own it); null if none. */
export async function pledgeOfAddress(tx: TransactionSql, emailIdentity: string): Promise<KeptPledge | null> {
  const pledge = await findPledgeByEmailIdentity(emailIdentity, tx);
  if (!pledge) return null;
  return pledge.pledgeNumber === null
    ? { pledge: null, waitingId: pledge.id }
    : { pledge: pledgeView(pledge.pledgeNumber), waitingId: null };
}
