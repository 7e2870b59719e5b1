import "server-only";
import { storyHasSomethingToShow, type ModerationStory } from "@/lib/operator/campaign-lists";
import type {
  StoryOutreachRequest,
  StoryOutreachResult,
  StoryReviewRequest,
  StoryReviewResult,
  StoryStatus,
} from "@/lib/operator/campaign-schemas";
import { toListPage, type ListCursor, type ListPage } from "@/lib/operator/list-query";
import { forgetApprovedStories } from "../campaign/stories";
import {
  listModerationStories,
  lockStoryOutreach,
  lockStoryReview,
  setStoryOutreach,
  setStoryReview,
  type StoryOutreachState,
  type StoryReviewState,
} from "../db/operator/operator-stories";
import { ApiError } from "../http/api-error";
import { operatorChange } from "./operator-change";

// D17, Campaign: an operator approves a story (it is shown on /magic and in the community
// stories grid, ahead of the samples) or rejects it (it is not, or no longer, shown), each decision
// written to the audit log with it.

export const NOTHING_TO_SHOW = "This story has nothing to show yet: its teller asked the team to reach out and record it.";

export async function storyModerationPage(status: StoryStatus, after: ListCursor | null): Promise<ListPage<ModerationStory>> {
  return toListPage(await listModerationStories(status, after), (row) => row.cursor);
}

const auditState = (story: StoryReviewState) => ({ status: story.status, rejection_reason: story.rejectionReason });

const toResult = (story: StoryReviewState, changed: boolean): StoryReviewResult => ({
  id: story.id,
  voiceNumber: story.voiceNumber,
  status: story.status,
  reviewedAt: story.reviewedAt?.toISOString() ?? null,
  rejectionReason: story.rejectionReason,
  changed,
});

/**
 * Approves or rejects a story under its row lock. The same decision again (and, for a rejection, the
 * same reason) changes nothing and is not logged. A story with neither words nor a recording (a
 * request to be reached) can be rejected, never approved.
 */
export async function reviewStory(operatorId: string, storyId: string, request: StoryReviewRequest): Promise<StoryReviewResult> {
  const reason = request.status === "rejected" && request.reason ? request.reason : null;
  const reviewed = await operatorChange(operatorId, async (tx) => {
    const current = await lockStoryReview(tx, storyId);
    if (!current) throw new ApiError("not_found", "This story does not exist.");
    if (current.status === request.status && current.rejectionReason === reason) return { result: toResult(current, false), audit: null };
    if (request.status === "approved" && !storyHasSomethingToShow(current)) throw new ApiError("conflict", NOTHING_TO_SHOW);
    const story = await setStoryReview(tx, storyId, { status: request.status, reason, operatorId });
    return {
      result: toResult(story, true),
      audit: {
        action: request.status === "approved" ? "story.approve" : "story.reject",
        subjectType: "story",
        subjectId: storyId,
        before: auditState(current),
        after: auditState(story),
      },
    };
  });
  // Committed: the public list is read again here at once (elsewhere within a second).
  if (reviewed.changed) forgetApprovedStories();
  return reviewed;
}

export const NOT_A_RECORDING_REQUEST = "Only a story its teller asked the team to record has an outreach step.";

const outreachResult = (story: StoryOutreachState, changed: boolean): StoryOutreachResult => ({
  id: story.id,
  outreach: story.outreach,
  outreachAt: story.outreachAt?.toISOString() ?? null,
  changed,
});

const OUTREACH_ACTIONS = { reached_out: "story.reach_out", recorded: "story.record" } as const;

/**
 * Marks where the team is with a request to be recorded (reached out, recorded) or takes the mark
 * back, audited; the same step again changes nothing. Other stories have no outreach (409).
 */
export async function markStoryOutreach(operatorId: string, storyId: string, request: StoryOutreachRequest): Promise<StoryOutreachResult> {
  return operatorChange(operatorId, async (tx) => {
    const current = await lockStoryOutreach(tx, storyId);
    if (!current) throw new ApiError("not_found", "This story does not exist.");
    if (!current.isRequest) throw new ApiError("conflict", NOT_A_RECORDING_REQUEST);
    if (current.outreach === request.outreach) return { result: outreachResult(current, false), audit: null };
    const story = await setStoryOutreach(tx, storyId, request.outreach, operatorId);
    return {
      result: outreachResult(story, true),
      audit: {
        action: request.outreach ? OUTREACH_ACTIONS[request.outreach] : "story.outreach_clear",
        subjectType: "story",
        subjectId: storyId,
        before: { outreach: current.outreach },
        after: { outreach: story.outreach },
      },
    };
  });
}
