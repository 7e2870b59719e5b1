import "server-only";
import { z } from "zod";
import { badgeForPledgeNumber } from "@/lib/campaign/badge-tier";
import { ORG_TYPE_VALUES, RECORDED_STORY_FORMATS, REGION_VALUES } from "@/lib/campaign/campaign-options";
import { CONFIRMATION_TTL_HOURS, confirmationUrl } from "../campaign/confirmation-link";
import { renderAccountSetupEmail, renderPaymentConfirmationEmail } from "../payments/fulfilment-emails";
import { renderCohortMovedEmail } from "../operator/order-cohort-move-email";
import { renderReplacedCheckoutRefundEmail } from "../payments/replaced-checkout-refund";
import { renderOrderRefundEmail } from "../payments/order-refund-email";
import { renderSafetyClearanceLinkEmail, renderSafetyClearanceTeamEmail } from "../safety-clearance/clearance-emails";
import type { EmailMessage } from "./send-email";
import { renderAnnouncementEmail, renderAnnouncementTestEmail } from "../operator/cohort-announcement-email";
import { campaignConfirmationEmail } from "./templates/campaign-confirmation";
import { contactMessageTeamEmail, partnerPledgeTeamEmail, partnerWelcomeEmail, pledgeConfirmationEmail, storyContactTeamEmail } from "./templates/campaign-emails";
import { newsletterWelcomeEmail } from "./templates/newsletter-welcome";
import { waitlistConfirmationEmail, waitlistOfferEmail } from "./templates/waitlist-emails";

// Every kind of email the outbox sends: what its row keeps (validated when queued and again when
// sent) and how it is rendered when sent, from that data and what the database holds then.

type OutboxEmailDefinition<S extends z.ZodType> = {
  schema: S;
  render: (to: string, data: z.infer<S>, outboxId: string) => Promise<EmailMessage>;
};

const define = <S extends z.ZodType>(definition: OutboxEmailDefinition<S>) => definition;

const orderRef = z.object({ orderId: z.uuid() });
const partner = z.object({
  name: z.string().min(1).max(200),
  email: z.string().min(3).max(254),
  orgName: z.string().min(1).max(200),
  orgType: z.enum(ORG_TYPE_VALUES),
  region: z.enum(REGION_VALUES),
});

export const OUTBOX_EMAILS = {
  "payment-confirmation": define({ schema: orderRef, render: (to, { orderId }) => renderPaymentConfirmationEmail(to, orderId) }),
  "account-setup": define({ schema: orderRef, render: (to, { orderId }) => renderAccountSetupEmail(to, orderId) }),
  "replaced-checkout-refund": define({ schema: orderRef, render: (to, { orderId }) => renderReplacedCheckoutRefundEmail(to, orderId) }),
  // A refund of an order's payment, once per Stripe refund: its amount as Stripe made it, and
  // whether it refunded the order in full (the seat released, the subscription ended).
  "order-refund": define({
    schema: z.object({
      orderId: z.uuid(),
      stripeRefundId: z.string().regex(/^re_[A-Za-z0-9_]{1,250}$/),
      amountCents: z.number().int().positive(),
      currency: z.string().regex(/^[a-z]{3}$/),
      fullRefund: z.boolean(),
    }),
    render: (to, refund) => renderOrderRefundEmail(to, refund),
  }),
  // D17: an operator moved the order's seat; the email names the cohort the seat is in when sent.
  "cohort-moved": define({ schema: orderRef, render: (to, { orderId }) => renderCohortMovedEmail(to, orderId) }),
  "newsletter-welcome": define({ schema: z.object({}), render: (to) => newsletterWelcomeEmail(to) }),
  // D18: carries no visitor-written text; the link's token is derived from the id when rendered.
  "campaign-confirmation": define({
    schema: z.object({ confirmationId: z.uuid(), purpose: z.enum(["pledge", "partner", "story-contact"]), storyFormat: z.enum(RECORDED_STORY_FORMATS).optional() }),
    render: (to, { confirmationId, purpose, storyFormat }) =>
      campaignConfirmationEmail({ to, purpose, storyFormat, url: confirmationUrl(confirmationId), hours: CONFIRMATION_TTL_HOURS }),
  }),
  // D17, Waitlist: D18's confirmation for a full cohort's waitlist, and a freed place's offer with its claim link.
  "waitlist-confirmation": define({
    schema: z.object({ confirmationId: z.uuid(), cohortId: z.uuid() }),
    render: (to, { confirmationId, cohortId }) => waitlistConfirmationEmail({ to, confirmationId, cohortId, hours: CONFIRMATION_TTL_HOURS }),
  }),
  "waitlist-offer": define({ schema: z.object({ entryId: z.uuid() }), render: (to, { entryId }) => waitlistOfferEmail({ to, entryId }) }),
  "pledge-confirmation": define({
    schema: z.object({ name: z.string().min(1).max(200), pledgeNumber: z.number().int().positive(), shareUrl: z.url() }),
    render: (to, { name, pledgeNumber, shareUrl }) =>
      pledgeConfirmationEmail({ name, to, pledgeNumber, badge: badgeForPledgeNumber(pledgeNumber), shareUrl }),
  }),
  "partner-welcome": define({ schema: partner, render: (_to, p) => partnerWelcomeEmail(p) }),
  "partner-pledge-team": define({ schema: partner, render: (_to, p) => partnerPledgeTeamEmail(p) }),
  // Sent once the address confirmed it (D18): the team may now reach out to record the story.
  "story-contact-team": define({
    schema: z.object({ email: z.string().min(3).max(254), format: z.enum(RECORDED_STORY_FORMATS), voiceNumber: z.number().int().positive() }),
    render: (_to, request) => storyContactTeamEmail(request),
  }),
  // The safety screen's gate: the link to come back with once cleared (no visitor-written text,
  // D18), and the team's notice once the person used it to confirm their doctor's go-ahead.
  "safety-clearance-link": define({ schema: z.object({ clearanceId: z.uuid() }), render: (to, { clearanceId }) => renderSafetyClearanceLinkEmail(to, clearanceId) }),
  "safety-clearance-team": define({ schema: z.object({ clearanceId: z.uuid() }), render: (to, { clearanceId }) => renderSafetyClearanceTeamEmail(to, clearanceId) }),
  // An operator's announcement to a cohort's participants, read from its row when sent; and its
  // test, sent to the operator before it goes out, which carries its words (it reaches only them).
  "cohort-announcement": define({ schema: z.object({ announcementId: z.uuid() }), render: (to, { announcementId }) => renderAnnouncementEmail(to, announcementId) }),
  "cohort-announcement-test": define({
    schema: z.object({ cohortId: z.uuid(), subject: z.string().min(1).max(150), body: z.string().min(1).max(5000) }),
    render: (to, test) => renderAnnouncementTestEmail(to, test),
  }),
  "contact-message-team": define({
    schema: z.object({ name: z.string().min(1).max(200), email: z.string().min(3).max(254), orgName: z.string().max(200).nullable(), message: z.string().min(1).max(5000) }),
    render: (_to, message) => contactMessageTeamEmail(message),
  }),
} as const;

export type OutboxEmailKind = keyof typeof OUTBOX_EMAILS;
export type OutboxEmailData<K extends OutboxEmailKind> = z.input<(typeof OUTBOX_EMAILS)[K]["schema"]>;
