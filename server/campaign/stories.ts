import "server-only";
import type { TransactionSql } from "postgres";
import type { RecordedStoryFormat, StoryFormat } from "@/lib/campaign/campaign-options";
import { APPROVED_STORIES_MAX, type ApprovedStory, type StorySubmitted } from "@/lib/campaign/campaign-schemas";
import { site } from "@/lib/site";
import { publicRead } from "../cache/public-read";
import { listApprovedStories, saveStory } from "../db/campaign/campaign";
import { db } from "../db/client";
import { queueEmail } from "../email/outbox";
import { ApiError } from "../http/api-error";
import { prepareSocialPost, storeSocialPost } from "../posts/create-social-post";
import { STORY_VIDEO_MESSAGES, assertStoryVideoUploaded } from "./story-video-check";

export type StorySubmission = {
  type: StoryFormat;
  content: string;
  topic?: string | undefined;
  mediaPath?: string | undefined;
  source: "magic_form" | "story_wizard";
};

/**
 * D6, D7: keeps a story; one with words also becomes an editable social post, whose edit link only
 * its author receives (in this answer). Everything is checked first (the body by route(), the video
 * in Storage), then the post is written (the generator is an outside call, so it cannot be in the
 * transaction), then the post and the story are stored in one transaction: both or neither.
 */
export async function submitStory(story: StorySubmission): Promise<StorySubmitted> {
  if (story.mediaPath) await assertStoryVideoUploaded(story.mediaPath);
  const prepared =
    story.content !== ""
      ? await prepareSocialPost({
          source: "campaign",
          story_messages: [{ sender: "user", content: story.content }],
          user_inputs: story.topic ?? "",
        })
      : null;
  return db().begin(async (tx) => {
    const post = prepared ? await storeSocialPost(tx, prepared) : null;
    const saved = await saveStory(tx, {
      format: story.type,
      content: story.content,
      topic: story.topic ?? null,
      mediaPath: story.mediaPath ?? null,
      source: story.source,
      socialPostId: post?.postId ?? null,
      contactEmail: null,
    });
    if (!saved) {
      throw new ApiError("validation_failed", STORY_VIDEO_MESSAGES.notUploaded, {
        details: [{ path: "mediaPath", message: STORY_VIDEO_MESSAGES.notUploaded }],
      });
    }
    return { voiceNumber: saved.storyNumber, editLink: post?.editLink ?? null };
  });
}

/**
 * D6, D18: the /magic form's Video or Audio answer ("We will reach out to record your … story"),
 * once its address confirmed it: the story is kept with the confirmed address and voice number, and
 * the team's notice to reach out is queued with it. `key` (the confirmation's id) queues it once.
 */
export async function keepConfirmedStoryContact(
  tx: TransactionSql,
  request: { email: string; format: RecordedStoryFormat },
  key: string,
): Promise<void> {
  const saved = await saveStory(tx, {
    format: request.format,
    content: "",
    topic: null,
    mediaPath: null,
    source: "magic_form",
    socialPostId: null,
    contactEmail: request.email,
  });
  if (!saved) throw new Error("The story request was not saved.");
  const data = { email: request.email, format: request.format, voiceNumber: saved.storyNumber };
  await queueEmail(tx, {
    kind: "story-contact-team",
    to: site.contact.campaignEmail,
    data,
    dedupeKey: `campaign-confirmation:${key}:team`,
  });
}

const sharedApproved = publicRead(async (): Promise<ApprovedStory[]> => {
  const rows = await listApprovedStories(APPROVED_STORIES_MAX);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}, 1);

/**
 * GET /api/campaign/stories: the latest approved stories (a story is shown only once an operator
 * approves it), read at most once per PUBLIC_READ_CACHE_MS (1 s) by this instance, like the counts.
 */
export function approvedStories(): Promise<ApprovedStory[]> {
  return sharedApproved("all");
}

/**
 * An operator's review changed what the public is shown: this instance reads it again at the next
 * request. Other instances catch up within PUBLIC_READ_CACHE_MS; the answer itself is never cached
 * (no-store), and the pages ask for it in the browser, so /magic shows the change within a second.
 */
export function forgetApprovedStories(): void {
  sharedApproved.forget();
}
