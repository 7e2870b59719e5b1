import { apiRequest, type BusyRetry } from "@/components/api/api-request";
import { ApiRequestError } from "@/components/api/api-request-error";
import {
  approvedStoriesSchema,
  confirmationResultSchema,
  pledgeStatsSchema,
  receivedSchema,
  storySubmittedSchema,
  type ContactMessageRequest,
  type PartnerPledgeRequest,
  type PledgeRequest,
  type StoryContactRequest,
  type StoryRequest,
} from "@/lib/campaign/campaign-schemas";

// The campaign pages' calls (D6). Each throws ApiRequestError; problemMessage() says what to show.
export const CAMPAIGN_FAILED = "We couldn't send this just now. Please try again in a moment.";

/** Sends of a pledge the server turned away as busy before the drawer says so and offers a retry. */
export const PLEDGE_BUSY_ATTEMPTS = 3;

/**
 * A pledge turned away at a peak (503 busy with Retry-After) was not taken in, and one taken in twice
 * is kept once (D18: one confirmation a day per inbox), so it is sent again by itself after the wait.
 */
export const takePledge = (body: PledgeRequest, options: { onBusy?: BusyRetry["onBusy"]; signal?: AbortSignal } = {}) =>
  apiRequest({
    method: "POST",
    path: "/api/campaign/pledges",
    body,
    schema: receivedSchema,
    fallback: CAMPAIGN_FAILED,
    signal: options.signal,
    retryWhenBusy: { attempts: PLEDGE_BUSY_ATTEMPTS, onBusy: options.onBusy },
  });

/** D18: uses the token of a confirmation link (/magic/confirm?token=…). */
export const confirmCampaignEmail = (token: string) =>
  apiRequest({
    method: "POST",
    path: "/api/campaign/confirmations",
    body: { token },
    schema: confirmationResultSchema,
    fallback: CAMPAIGN_FAILED,
  });

export const fetchPledgeCount = () => apiRequest({ path: "/api/campaign/pledges", schema: pledgeStatsSchema });

/** The newest approved stories (none until an operator approves one). */
export const fetchApprovedStories = () => apiRequest({ path: "/api/campaign/stories", schema: approvedStoriesSchema });

export const submitStory = (body: StoryRequest) =>
  apiRequest({ method: "POST", path: "/api/campaign/stories", body, schema: storySubmittedSchema, fallback: CAMPAIGN_FAILED });

/** The /magic form's Video or Audio answer: the team reaches out once the address confirms it (D18). */
export const askToRecordStory = (body: StoryContactRequest) =>
  apiRequest({ method: "POST", path: "/api/campaign/stories/contact", body, schema: receivedSchema, fallback: CAMPAIGN_FAILED });

export const signPartnerPledge = (body: PartnerPledgeRequest) =>
  apiRequest({ method: "POST", path: "/api/campaign/partners", body, schema: receivedSchema, fallback: CAMPAIGN_FAILED });

export const sendContactMessage = (body: ContactMessageRequest) =>
  apiRequest({ method: "POST", path: "/api/campaign/contact", body, schema: receivedSchema, fallback: CAMPAIGN_FAILED });

/** The message for a failed call: a field's problem (422), the pace (429), else a general failure. */
export function problemMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.fromServer) {
    if (error.status === 422 && error.details[0]) return error.details[0].message;
    if (error.status === 429) return error.message;
  }
  return CAMPAIGN_FAILED;
}
