import "server-only";
import type { OrgType, Region, StoryFormat } from "@/lib/campaign/campaign-options";
import type { TransactionSql } from "postgres";
import { db, type Executor } from "../client";

export type CampaignCounts = { pledges: number; partners: number };

export type SavedPledge = { pledgeNumber: number; name: string; created: boolean };

/**
 * D6: one pledge per person, numbered without gaps, in the caller's transaction. The address is
 * held first (two of its confirmation links used at once find one pledge), and an address that
 * already pledged keeps its pledge and nothing is written. Only then is the table locked until the
 * caller commits, so two pledges at once never get the same number or skip one: the lock and the
 * numbered insert go to the database together (one round trip), and the lock is held only for the
 * rest of the caller's transaction (its badge email), not for the lookups before it.
 */
export async function savePledge(tx: TransactionSql, pledge: { name: string; email: string; emailIdentity: string }): Promise<SavedPledge> {
  const [, existing] = await Promise.all([
    tx`select pg_advisory_xact_lock(hashtextextended(${`campaign-pledge:${pledge.emailIdentity}`}, 0))`,
    tx<{ pledge_number: number; name: string }[]>`
      select pledge_number::int, name from public.campaign_pledges where email_identity = ${pledge.emailIdentity}`,
  ]);
  const [earlier] = existing;
  if (earlier) return { pledgeNumber: earlier.pledge_number, name: earlier.name, created: false };
  // Each statement reads the rows committed when it starts: the insert starts once the lock is held.
  const [, inserted] = await Promise.all([
    tx`lock table public.campaign_pledges in exclusive mode`,
    tx<{ pledge_number: number }[]>`
      insert into public.campaign_pledges (pledge_number, name, email, email_identity)
      select coalesce(max(pledge_number), 0) + 1, ${pledge.name}, ${pledge.email}, ${pledge.emailIdentity}
      from public.campaign_pledges
      returning pledge_number::int`,
  ]);
  const [row] = inserted;
  if (!row) throw new Error("The pledge was not saved.");
  return { pledgeNumber: row.pledge_number, name: pledge.name, created: true };
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

/** The pledge an address made, compared as pledges are (lib/email/email-address.ts emailIdentity()). */
export async function findPledgeByEmailIdentity(
  emailIdentity: string,
  executor: Executor = db(),
): Promise<{ pledgeNumber: number; createdAt: Date } | null> {
  const [row] = await executor<{ pledge_number: number; created_at: Date }[]>`
    select pledge_number::int, created_at from public.campaign_pledges where email_identity = ${emailIdentity}`;
  return row ? { pledgeNumber: row.pledge_number, createdAt: row.created_at } : null;
}
