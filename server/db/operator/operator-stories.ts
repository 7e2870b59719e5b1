import "server-only";
import type { PendingQuery, TransactionSql } from "postgres";
import type { StoryFormat } from "@/lib/campaign/campaign-options";
import type { ModerationStory } from "@/lib/operator/campaign-lists";
import type { StoryOutreach, StoryStatus } from "@/lib/operator/campaign-schemas";
import { LIST_PAGE_SIZE, type ListCursor } from "@/lib/operator/list-query";
import { db, type Executor } from "../client";
import { receivedBefore, receivedCursorColumn, receivedOrder } from "./operator-campaign-inbox";

// D17, Campaign: the stories an operator reviews, one status at a time, newest first (keyset on
// the index campaign_stories_review_idx), and their review.

type StoryDbRow = {
  id: string;
  story_number: number;
  received_cursor: string;
  created_at: Date;
  format: StoryFormat;
  topic: string | null;
  content: string;
  source: ModerationStory["source"];
  contact_email: string | null;
  has_video: boolean;
  status: StoryStatus;
  reviewed_at: Date | null;
  reviewed_by_email: string | null;
  rejection_reason: string | null;
  outreach: StoryOutreach | null;
  outreach_at: Date | null;
  outreach_by_email: string | null;
};

/** A page of one status's stories (exported for the test that checks the list is read through an index). */
export function storyModerationQuery(
  sql: Executor,
  status: StoryStatus,
  after: ListCursor | null,
  limit = LIST_PAGE_SIZE + 1,
): PendingQuery<StoryDbRow[]> {
  const before = receivedBefore(sql, "s", after);
  return sql<StoryDbRow[]>`
    select s.id, s.story_number::int, ${receivedCursorColumn(sql, "s")} as received_cursor, s.created_at, s.format, s.topic, s.content,
      s.source, s.contact_email, s.media_path is not null as has_video, s.status, s.reviewed_at, u.email as reviewed_by_email, s.rejection_reason,
      s.outreach, s.outreach_at, o.email as outreach_by_email
    from public.campaign_stories s
    left join public.users u on u.id = s.reviewed_by
    left join public.users o on o.id = s.outreach_by
    where s.status = ${status} ${before ? sql`and ${before}` : sql``}
    order by ${receivedOrder(sql, "s")}
    limit ${limit}`;
}

export async function listModerationStories(status: StoryStatus, after: ListCursor | null): Promise<ModerationStory[]> {
  const rows = await storyModerationQuery(db(), status, after);
  return rows.map((row) => ({
    id: row.id,
    voiceNumber: row.story_number,
    receivedAt: row.created_at.toISOString(),
    format: row.format,
    topic: row.topic,
    content: row.content,
    source: row.source,
    contactEmail: row.contact_email,
    hasVideo: row.has_video,
    status: row.status,
    review: row.reviewed_at ? { at: row.reviewed_at.toISOString(), by: row.reviewed_by_email, reason: row.rejection_reason } : null,
    outreach:
      row.outreach && row.outreach_at ? { state: row.outreach, at: row.outreach_at.toISOString(), by: row.outreach_by_email } : null,
    cursor: [row.received_cursor, row.id],
  }));
}

export type StoryReviewState = {
  id: string;
  voiceNumber: number;
  status: StoryStatus;
  reviewedAt: Date | null;
  rejectionReason: string | null;
  content: string;
  hasVideo: boolean;
};

type ReviewDbRow = {
  id: string;
  story_number: number;
  status: StoryStatus;
  reviewed_at: Date | null;
  rejection_reason: string | null;
  content: string;
  has_video: boolean;
};

const toReviewState = (row: ReviewDbRow): StoryReviewState => ({
  id: row.id,
  voiceNumber: row.story_number,
  status: row.status,
  reviewedAt: row.reviewed_at,
  rejectionReason: row.rejection_reason,
  content: row.content,
  hasVideo: row.has_video,
});

/** A story's review, locked until the transaction ends; null when there is no such story. */
export async function lockStoryReview(tx: TransactionSql, id: string): Promise<StoryReviewState | null> {
  const [row] = await tx<ReviewDbRow[]>`
    select id, story_number::int, status, reviewed_at, rejection_reason, content, media_path is not null as has_video
    from public.campaign_stories where id = ${id} for update`;
  return row ? toReviewState(row) : null;
}

/** Approves or rejects the story as the operator's decision now. */
export async function setStoryReview(
  tx: TransactionSql,
  id: string,
  review: { status: "approved" | "rejected"; reason: string | null; operatorId: string },
): Promise<StoryReviewState> {
  const [row] = await tx<ReviewDbRow[]>`
    update public.campaign_stories
    set status = ${review.status}, reviewed_at = now(), reviewed_by = ${review.operatorId}, rejection_reason = ${review.reason}
    where id = ${id}
    returning id, story_number::int, status, reviewed_at, rejection_reason, content, media_path is not null as has_video`;
  if (!row) throw new Error(`No story ${id} to review`);
  return toReviewState(row);
}

export type StoryOutreachState = { id: string; outreach: StoryOutreach | null; outreachAt: Date | null; isRequest: boolean };

type OutreachDbRow = { id: string; outreach: StoryOutreach | null; outreach_at: Date | null; is_request: boolean };

const toOutreachState = (row: OutreachDbRow): StoryOutreachState => ({
  id: row.id,
  outreach: row.outreach,
  outreachAt: row.outreach_at,
  isRequest: row.is_request,
});

/** A story's outreach step, locked until the transaction ends; null when there is no such story. */
export async function lockStoryOutreach(tx: TransactionSql, id: string): Promise<StoryOutreachState | null> {
  const [row] = await tx<OutreachDbRow[]>`
    select id, outreach, outreach_at, contact_email is not null as is_request from public.campaign_stories where id = ${id} for update`;
  return row ? toOutreachState(row) : null;
}

/** Sets the outreach step as the operator's now (null clears it). */
export async function setStoryOutreach(
  tx: TransactionSql,
  id: string,
  outreach: StoryOutreach | null,
  operatorId: string,
): Promise<StoryOutreachState> {
  const [row] = await tx<OutreachDbRow[]>`
    update public.campaign_stories
    set outreach = ${outreach},
      outreach_at = case when ${outreach}::text is null then null else now() end,
      outreach_by = case when ${outreach}::text is null then null else ${operatorId}::uuid end
    where id = ${id}
    returning id, outreach, outreach_at, contact_email is not null as is_request`;
  if (!row) throw new Error(`No story ${id} to mark`);
  return toOutreachState(row);
}

/** Where a story's video is stored; null when the story has none or does not exist. */
export async function findStoryVideoPath(id: string): Promise<string | null> {
  const [row] = await db()<{ media_path: string | null }[]>`select media_path from public.campaign_stories where id = ${id}`;
  return row?.media_path ?? null;
}
