import * as z from "zod/mini";
import { FEEDBACK_COMMENT_MAX } from "./feedback-reply";

// GET and POST /api/programme/feedback: the dashboard's answer to the feedback question the
// programme asks after the end (by the bot, or by email pointing to /dashboard#feedback).

export const SCORE_OUT_OF_RANGE = "Choose a score from 1 to 5.";
export const COMMENT_TOO_LONG = `Keep it to ${FEEDBACK_COMMENT_MAX} characters.`;
export const FEEDBACK_ALREADY_GIVEN = "You already answered for this cohort. Thank you!";
export const FEEDBACK_NOT_ASKED = "There is no feedback question for you to answer yet: it comes after your cohort's last day.";

/**
 * "none": the member was not asked (no cohort ended for them yet, or the question was skipped);
 * "asked": asked about `cohortName` and not answered; "answered": their answer, as kept.
 */
export const programmeFeedbackSchema = z.object({
  status: z.enum(["none", "asked", "answered"]),
  cohortName: z.nullable(z.string()),
  score: z.nullable(z.int()),
  comment: z.nullable(z.string()),
});

export type ProgrammeFeedback = z.output<typeof programmeFeedbackSchema>;

// No NUL, no lone surrogate: a form that sends one is told so, and the server refuses it the same way.
const STORABLE = /^(?:[^\u0000\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff])*$/;

export const programmeFeedbackInputSchema = z.strictObject({
  score: z.int({ error: SCORE_OUT_OF_RANGE }).check(z.minimum(1, SCORE_OUT_OF_RANGE), z.maximum(5, SCORE_OUT_OF_RANGE)),
  comment: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(FEEDBACK_COMMENT_MAX, COMMENT_TOO_LONG),
        z.regex(STORABLE, "Remove the characters that cannot be kept (a NUL or a broken emoji)."),
      ),
  ),
});

export type ProgrammeFeedbackInput = z.input<typeof programmeFeedbackInputSchema>;
