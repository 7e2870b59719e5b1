import "server-only";
import type { OrgType, Region, StoryFormat } from "@/lib/campaign/campaign-options";
import type { TransactionSql } from "postgres";
import { db, type Executor } from "../client";

export type CampaignCounts = { pledges: number; partners: number };

/** A kept pledge: its number, or null while it waits for one (pledge-numbers.ts). */
export type SavedPledge = { id: string; pledgeNumber: number | null; name: string; created: boolean };

/**
 * D6: one pledge per person, in the caller's transaction. The address is held first (two of its
 * confirmation links used at once find one pledge), and an address that already pledged keeps its
 * pledge and nothing is written. A new pledge is kept without a number and takes no lock beyond its
 * address's: numbering follows in batches (numberWaitingPledges), so confirmations run side by side.
 */
export async function savePledge(
  tx: TransactionSql,
  pledge: { name: string; email: string; emailIdentity: string; confirmationId?: string },
): Promise<SavedPledge> {
  const [, existing] = await Promise.all([
    tx`select pg_advisory_xact_lock(hashtextextended(${`campaign-pledge:${pledge.emailIdentity}`}, 0))`,
    tx<{ id: string; pledge_number: number | null; name: string }[]>`
      select id, pledge_number::int, name from public.campaign_pledges where email_identity = ${pledge.emailIdentity}`,
  ]);
  const [earlier] = existing;
  if (earlier) return { id: earlier.id, pledgeNumber: earlier.pledge_number, name: earlier.name, created: false };
  const [row] = await tx<{ id: string }[]>`
    insert into public.campaign_pledges (name, email, email_identity, confirmation_id)
    values (${pledge.name}, ${pledge.email}, ${pledge.emailIdentity}, ${pledge.confirmationId ?? null})
    returning id`;
  if (!row) throw new Error("The pledge was not saved.");
  return { id: row.id, pledgeNumber: null, name: pledge.name, created: true };
}

/**
 * D6: how many have taken the pledge and how many organisations signed the partner pledge (both are
 * kept only once confirmed, D18). An address confirming its organisation's pledge again is one partner.
 * Pledges are summed from the per-day counts the database keeps with each pledge, not counted one by
 * one (a million pledges are a few hundred rows there).
 */
export async function countCampaign(): Promise<CampaignCounts> {
  const [row] = await db()<CampaignCounts[]>`
    select (select coalesce(sum(pledges), 0) from public.campaign_pledge_days)::int as pledges,
      (select count(*) from (select distinct email, lower(org_name) from public.campaign_partners) as organisations)::int as partners`;
  return row ?? { pledges: 0, partners: 0 };
}

export async function pledgeExists(pledgeNumber: number): Promise<boolean> {
  const rows = await db()`select 1 from public.campaign_pledges where pledge_number = ${pledgeNumber}`;
  return rows.length > 0;
}

export type NewStory = {
  format: StoryFormat;
  content: string;
  topic: string | null;
  mediaPath: string | null;
  source: "magic_form" | "story_wizard";
  socialPostId: string | null;
  /** The confirmed address the team reaches out to (a /magic Video or Audio answer, D18). */
  contactEmail: string | null;
};

/**
 * Keeps a story in the caller's transaction and returns its place among all stories, numbered like
 * pledges; null when another story already names its video (nothing is written).
 */
export async function saveStory(tx: TransactionSql, story: NewStory): Promise<{ storyNumber: number } | null> {
  await tx`lock table public.campaign_stories in exclusive mode`;
  if (story.mediaPath) {
    const named = await tx`select 1 from public.campaign_stories where media_path = ${story.mediaPath}`;
    if (named.length > 0) return null;
  }
  const [row] = await tx<{ story_number: number }[]>`
    insert into public.campaign_stories (story_number, format, content, topic, media_path, source, social_post_id, contact_email)
    select coalesce(max(story_number), 0) + 1, ${story.format}, ${story.content}, ${story.topic}, ${story.mediaPath},
      ${story.source}, ${story.socialPostId}, ${story.contactEmail}
    from public.campaign_stories
    returning story_number::int`;
  if (!row) throw new Error("The story was not saved.");
  return { storyNumber: row.story_number };
}

export type ApprovedStoryRow = { voiceNumber: number; format: StoryFormat; topic: string | null; content: string; createdAt: Date };

/**
 * The stories shown to the public, the latest approved first (a story approved today leads, however
 * old it is): only the fields the public may see.
 */
export async function listApprovedStories(limit: number): Promise<ApprovedStoryRow[]> {
  const rows = await db()<{ story_number: number; format: StoryFormat; topic: string | null; content: string; created_at: Date }[]>`
    select story_number::int, format, topic, content, created_at
    from public.campaign_stories where status = 'approved'
    order by reviewed_at desc, story_number desc
    limit ${limit}`;
  return rows.map((r) => ({ voiceNumber: r.story_number, format: r.format, topic: r.topic, content: r.content, createdAt: r.created_at }));
}

export async function savePartnerPledge(
  executor: Executor,
  partner: { name: string; email: string; orgName: string; orgType: OrgType; region: Region },
): Promise<void> {
  await executor`
    insert into public.campaign_partners (name, email, org_name, org_type, region)
    values (${partner.name}, ${partner.email}, ${partner.orgName}, ${partner.orgType}, ${partner.region})`;
}

export async function saveContactMessage(
  executor: Executor,
  message: { name: string; email: string; orgName: string | null; message: string },
): Promise<void> {
  await executor`
    insert into public.campaign_contact_messages (name, email, org_name, message)
    values (${message.name}, ${message.email}, ${message.orgName}, ${message.message})`;
}

/** The pledge an address made, compared as pledges are (lib/email/email-address.ts emailIdentity()); its number is null while it waits for one. */
export async function findPledgeByEmailIdentity(
  emailIdentity: string,
  executor: Executor = db(),
): Promise<{ id: string; pledgeNumber: number | null; createdAt: Date } | null> {
  const [row] = await executor<{ id: string; pledge_number: number | null; created_at: Date }[]>`
    select id, pledge_number::int, created_at from public.campaign_pledges where email_identity = ${emailIdentity}`;
  return row ? { id: row.id, pledgeNumber: row.pledge_number, createdAt: row.created_at } : null;
}
