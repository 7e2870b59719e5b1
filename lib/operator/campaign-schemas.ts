import * as z from "zod/mini";

// D17, Campaign: the operator's changes to partner pledges, contact messages and stories. The
// area's buttons send these bodies, the routes parse them, and the answers are shaped here.

/** A partner pledge, contact message or story, named by its id in the address. */
export const campaignRecordParamsSchema = z.object({ id: z.uuid({ error: "This record does not exist." }) });

/** POST /api/operator/campaign/partners/{id}/handled and /messages/{id}/handled: mark handled, or undo it. */
export const handledRequestSchema = z.object({ handled: z.boolean({ error: "Say whether it is handled (true or false)." }) });

/** A partner pledge or contact message after the change; `changed` is false when it already was so. */
export const handledResultSchema = z.object({
  id: z.string(),
  handled: z.boolean(),
  handledAt: z.nullable(z.iso.datetime()),
  changed: z.boolean(),
});

export const STORY_STATUSES = ["pending", "approved", "rejected"] as const;
export type StoryStatus = (typeof STORY_STATUSES)[number];

export const REJECTION_REASON_MAX = 500;

/**
 * POST /api/operator/campaign/stories/{id}/status: approve a story (it is shown on /magic and in the
 * community stories grid) or reject it, with an optional reason the team keeps (never shown to the public).
 */
export const storyReviewRequestSchema = z
  .object({
    status: z.enum(["approved", "rejected"], { error: "Choose approved or rejected." }),
    reason: z.optional(
      z
        .string({ error: "The reason must be text." })
        .check(
          z.trim(),
          z.maxLength(REJECTION_REASON_MAX, `Keep the reason under ${REJECTION_REASON_MAX} characters.`),
          z.regex(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/, "The reason cannot hold control characters."),
        ),
    ),
  })
  .check(z.refine((body) => body.status === "rejected" || !body.reason, { message: "Only a rejection has a reason.", path: ["reason"] }));
export type StoryReviewRequest = z.output<typeof storyReviewRequestSchema>;

/** A story after the review; `changed` is false when it already had this status (and reason). */
export const storyReviewResultSchema = z.object({
  id: z.string(),
  voiceNumber: z.int(),
  status: z.enum(STORY_STATUSES),
  reviewedAt: z.nullable(z.iso.datetime()),
  rejectionReason: z.nullable(z.string()),
  changed: z.boolean(),
});
export type StoryReviewResult = z.output<typeof storyReviewResultSchema>;

/** Where the team is with a story its teller asked to be recorded: reached out, then recorded. */
export const STORY_OUTREACH_STATES = ["reached_out", "recorded"] as const;
export type StoryOutreach = (typeof STORY_OUTREACH_STATES)[number];

/**
 * POST /api/operator/campaign/stories/{id}/outreach: the team reached out to the teller, or recorded
 * the story with them; null takes the mark back.
 */
export const storyOutreachRequestSchema = z.object({
  outreach: z.nullable(z.enum(STORY_OUTREACH_STATES, { error: "Choose reached_out, recorded or null." })),
});
export type StoryOutreachRequest = z.output<typeof storyOutreachRequestSchema>;

export const storyOutreachResultSchema = z.object({
  id: z.string(),
  outreach: z.nullable(z.enum(STORY_OUTREACH_STATES)),
  outreachAt: z.nullable(z.iso.datetime()),
  changed: z.boolean(),
});
export type StoryOutreachResult = z.output<typeof storyOutreachResultSchema>;
