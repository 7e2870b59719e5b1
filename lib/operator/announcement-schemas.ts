import * as z from "zod/mini";
import { emailSchema } from "../email/email-address";

// An operator's announcement to a cohort's participants (a change of start time, a welcome note),
// and the unsubscribe link every announcement carries. Declared once for the routes and the forms.

export const ANNOUNCEMENT_SUBJECT_MAX = 150;
export const ANNOUNCEMENT_BODY_MAX = 5000;

const CONTROL = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
const NO_CONTROL_IN_LINE = /^[^\u0000-\u001f\u007f]*$/;

/** POST /api/operator/cohorts/{id}/announcements, .../preview and .../test: what the email says. */
export const announcementRequestSchema = z.object({
  subject: z
    .string({ error: "Write a subject." })
    .check(
      z.trim(),
      z.minLength(1, "Write a subject."),
      z.maxLength(ANNOUNCEMENT_SUBJECT_MAX, `Keep the subject under ${ANNOUNCEMENT_SUBJECT_MAX} characters.`),
      z.regex(NO_CONTROL_IN_LINE, "The subject is one line without control characters."),
    ),
  body: z
    .string({ error: "Write the message." })
    .check(
      z.trim(),
      z.minLength(1, "Write the message."),
      z.maxLength(ANNOUNCEMENT_BODY_MAX, `Keep the message under ${ANNOUNCEMENT_BODY_MAX.toLocaleString("en-US")} characters.`),
      z.regex(CONTROL, "The message cannot hold control characters."),
    ),
});
export type AnnouncementRequest = z.output<typeof announcementRequestSchema>;

/**
 * The email as participants will read it, and how many it goes to: inboxes that unsubscribed, and
 * participants whose address is not confirmed (their account was never set up), are left out.
 */
export const announcementPreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  recipients: z.int(),
  unsubscribed: z.int(),
  unconfirmed: z.int(),
});
export type AnnouncementPreview = z.output<typeof announcementPreviewSchema>;

/** The test email was queued to the operator's own address. */
export const announcementTestResultSchema = z.object({ sentTo: z.string() });

export const announcementSentSchema = z.object({ id: z.string(), recipients: z.int(), unsubscribed: z.int(), unconfirmed: z.int() });
export type AnnouncementSent = z.output<typeof announcementSentSchema>;

/** A cohort's announcements, newest first, as its page lists them. */
export type AnnouncementRow = { id: string; subject: string; sentBy: string | null; recipients: number; createdAt: Date };

export const UNSUBSCRIBE_INVALID = "This unsubscribe link is not valid. Use the link in the latest announcement email.";

/** POST /api/announcements/unsubscribe: the address and token of an announcement's unsubscribe link. */
export const unsubscribeRequestSchema = z.object({
  email: emailSchema,
  token: z.string({ error: UNSUBSCRIBE_INVALID }).check(z.regex(/^[A-Za-z0-9_-]{43}$/, UNSUBSCRIBE_INVALID)),
});

export const unsubscribeResultSchema = z.object({ status: z.enum(["unsubscribed", "already-unsubscribed"]) });
export type UnsubscribeResult = z.output<typeof unsubscribeResultSchema>;
