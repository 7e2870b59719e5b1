import "server-only";
import { z } from "zod";
import { ORG_TYPE_VALUES, RECORDED_STORY_FORMATS, REGION_VALUES } from "@/lib/campaign/campaign-options";

// Every kind of email the outbox sends and what its row keeps, validated when it is queued and
// again when it is sent. How each is rendered is outbox-emails.ts, which only the send-email job
// reaches: the domains queue an email by its kind and data and never import its renderer.

const orderRef = z.object({ orderId: z.uuid() });
const partner = z.object({
  name: z.string().min(1).max(200),
  email: z.string().min(3).max(254),
  orgName: z.string().min(1).max(200),
  orgType: z.enum(ORG_TYPE_VALUES),
  region: z.enum(REGION_VALUES),
});

/** The longest programme message an email carries (its texts are at most 2,000 characters each). */
export const PROGRAMME_EMAIL_MAX_LENGTH = 12_000;

export const OUTBOX_EMAIL_SCHEMAS = {
  "payment-confirmation": orderRef,
  "account-setup": orderRef,
  "replaced-checkout-refund": orderRef,
  // A refund of an order's payment, once per Stripe refund: its amount as Stripe made it, and
  // whether it refunded the order in full (the seat released, the subscription ended).
  "order-refund": z.object({
    orderId: z.uuid(),
    stripeRefundId: z.string().regex(/^re_[A-Za-z0-9_]{1,250}$/),
    amountCents: z.number().int().positive(),
    currency: z.string().regex(/^[a-z]{3}$/),
    fullRefund: z.boolean(),
  }),
  // D17: an operator moved the order's seat; the email names the cohort the seat is in when sent.
  "cohort-moved": orderRef,
  "newsletter-welcome": z.object({}),
  // D18: carries no visitor-written text; the link's token is derived from the id when rendered.
  "campaign-confirmation": z.object({
    confirmationId: z.uuid(),
    purpose: z.enum(["pledge", "partner", "story-contact"]),
    storyFormat: z.enum(RECORDED_STORY_FORMATS).optional(),
  }),
  // D17, Waitlist: D18's confirmation for a full cohort's waitlist, and a freed place's offer with its claim link.
  "waitlist-confirmation": z.object({ confirmationId: z.uuid(), cohortId: z.uuid() }),
  "waitlist-offer": z.object({ entryId: z.uuid() }),
  "pledge-confirmation": z.object({ name: z.string().min(1).max(200), pledgeNumber: z.number().int().positive(), shareUrl: z.url() }),
  "partner-welcome": partner,
  "partner-pledge-team": partner,
  // Sent once the address confirmed it (D18): the team may now reach out to record the story.
  "story-contact-team": z.object({
    email: z.string().min(3).max(254),
    format: z.enum(RECORDED_STORY_FORMATS),
    voiceNumber: z.number().int().positive(),
  }),
  // The safety screen's gate: the link to come back with once cleared (no visitor-written text,
  // D18), and the team's notice once the person used it to confirm their doctor's go-ahead.
  "safety-clearance-link": z.object({ clearanceId: z.uuid() }),
  "safety-clearance-team": z.object({ clearanceId: z.uuid() }),
  // An operator's announcement to a cohort's participants, read from its row when sent; and its
  // test, sent to the operator before it goes out, which carries its words (it reaches only them).
  "cohort-announcement": z.object({ announcementId: z.uuid() }),
  "cohort-announcement-test": z.object({ cohortId: z.uuid(), subject: z.string().min(1).max(150), body: z.string().min(1).max(5000) }),
  // A programme message (docs/programme.md) for a member who does not get it by the bot: its words
  // as composed when it was due, and for the day-before reminder the cohort's calendar file.
  "programme-message": z.object({
    subject: z.string().min(1).max(200),
    body: z.string().min(1).max(PROGRAMME_EMAIL_MAX_LENGTH),
    calendar: z
      .object({ cohortId: z.uuid(), cohortName: z.string().min(1).max(200), start: z.iso.datetime(), lastDay: z.iso.datetime() })
      .optional(),
  }),
  "contact-message-team": z.object({
    name: z.string().min(1).max(200),
    email: z.string().min(3).max(254),
    orgName: z.string().max(200).nullable(),
    message: z.string().min(1).max(5000),
  }),
} as const;

export type OutboxEmailKind = keyof typeof OUTBOX_EMAIL_SCHEMAS;
export const OUTBOX_EMAIL_KINDS = Object.keys(OUTBOX_EMAIL_SCHEMAS) as [OutboxEmailKind, ...OutboxEmailKind[]];
/** What a kind's row keeps, as the code that queues it writes it. */
export type OutboxEmailData<K extends OutboxEmailKind> = z.input<(typeof OUTBOX_EMAIL_SCHEMAS)[K]>;
/** The same, as validated when the email is sent. */
export type OutboxEmailParsed<K extends OutboxEmailKind> = z.infer<(typeof OUTBOX_EMAIL_SCHEMAS)[K]>;
