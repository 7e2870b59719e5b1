import { apiRequest } from "@/components/api/api-request";
import {
  handledResultSchema,
  storyOutreachResultSchema,
  storyReviewResultSchema,
  type StoryOutreach,
  type StoryReviewRequest,
} from "@/lib/operator/campaign-schemas";
import { SAVE_FAILED } from "./operator-api";

// The Campaign section's changes (D17). Each throws ApiRequestError with the server's message.

export type InboxKind = "partners" | "messages";

/** Marks a partner pledge or contact message handled, or not handled again. */
export const setHandled = (kind: InboxKind, id: string, handled: boolean) =>
  apiRequest({
    method: "POST",
    path: `/api/operator/campaign/${kind}/${id}/handled`,
    body: { handled },
    schema: handledResultSchema,
    fallback: SAVE_FAILED,
  });

export const reviewStory = (id: string, body: StoryReviewRequest) =>
  apiRequest({
    method: "POST",
    path: `/api/operator/campaign/stories/${id}/status`,
    body,
    schema: storyReviewResultSchema,
    fallback: SAVE_FAILED,
  });

/** Marks a request to be recorded as reached out or recorded, or clears the mark (null). */
export const markStoryOutreach = (id: string, outreach: StoryOutreach | null) =>
  apiRequest({
    method: "POST",
    path: `/api/operator/campaign/stories/${id}/outreach`,
    body: { outreach },
    schema: storyOutreachResultSchema,
    fallback: SAVE_FAILED,
  });

/** Where the area's player loads a story's video (operators only, pending stories included). */
export const storyVideoPath = (id: string) => `/api/operator/campaign/stories/${id}/video`;
