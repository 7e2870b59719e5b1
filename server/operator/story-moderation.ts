import "server-only";
import { storyHasSomethingToShow, type ModerationStory } from "@/lib/operator/campaign-lists";
import type { StoryReviewRequest, StoryReviewResult, StoryStatus } from "@/lib/operator/campaign-schemas";
import { toListPage, type ListCursor, type ListPage } from "@/lib/operator/list-query";
import { forgetApprovedStories } from "../campaign/stories";
import { listModerationStories, lockStoryReview, setStoryReview, type StoryReviewState } from "../db/operator-stories";
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
      audit: { action: request.status === "approved" ? "story.approve" : "story.reject", subjectType: "story", subjectId: storyId, before: auditState(current), after: auditState(story) },
    };
  });
  // Committed: the public list is read again here at once (elsewhere within a second).
  if (reviewed.changed) forgetApprovedStories();
  return reviewed;
}
