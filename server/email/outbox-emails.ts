import "server-only";
import { badgeForPledgeNumber } from "@/lib/campaign/badge-tier";
import { CONFIRMATION_TTL_HOURS, confirmationUrl } from "../campaign/confirmation-link";
import { renderAccountSetupEmail, renderPaymentConfirmationEmail } from "../payments/fulfilment-emails";
import { renderCohortMovedEmail } from "../operator/order-cohort-move-email";
import { renderReplacedCheckoutRefundEmail } from "../payments/replaced-checkout-refund";
import { renderOrderRefundEmail } from "../payments/order-refund-email";
import { renderSafetyClearanceLinkEmail, renderSafetyClearanceTeamEmail } from "../safety-clearance/clearance-emails";
import type { EmailMessage } from "./send-email";
import { renderAnnouncementEmail, renderAnnouncementTestEmail } from "../operator/cohort-announcement-email";
import type { OutboxEmailKind, OutboxEmailParsed } from "./outbox-kinds";
import { campaignConfirmationEmail } from "./templates/campaign-confirmation";
import {
  contactMessageTeamEmail,
  partnerPledgeTeamEmail,
  partnerWelcomeEmail,
  pledgeConfirmationEmail,
  storyContactTeamEmail,
} from "./templates/campaign-emails";
import { programmeMessageEmail } from "./templates/programme-message";
import { newsletterWelcomeEmail } from "./templates/newsletter-welcome";
import { waitlistConfirmationEmail, waitlistOfferEmail } from "./templates/waitlist-emails";

// How each kind of email the outbox sends (outbox-kinds.ts) is rendered when sent, from its row's
// data and what the database holds then. Only the send-email job reaches this table, through the
// job registry (server/jobs/job-registry.ts).

export type OutboxEmailRenderers = {
  [K in OutboxEmailKind]: (to: string, data: OutboxEmailParsed<K>, outboxId: string) => Promise<EmailMessage>;
};

export const OUTBOX_EMAIL_RENDERERS: OutboxEmailRenderers = {
  "payment-confirmation": (to, { orderId }) => renderPaymentConfirmationEmail(to, orderId),
  "account-setup": (to, { orderId }) => renderAccountSetupEmail(to, orderId),
  "replaced-checkout-refund": (to, { orderId }) => renderReplacedCheckoutRefundEmail(to, orderId),
  "order-refund": (to, refund) => renderOrderRefundEmail(to, refund),
  "cohort-moved": (to, { orderId }) => renderCohortMovedEmail(to, orderId),
  "newsletter-welcome": (to) => newsletterWelcomeEmail(to),
  "campaign-confirmation": (to, { confirmationId, purpose, storyFormat }) =>
    campaignConfirmationEmail({ to, purpose, storyFormat, url: confirmationUrl(confirmationId), hours: CONFIRMATION_TTL_HOURS }),
  "waitlist-confirmation": (to, { confirmationId, cohortId }) =>
    waitlistConfirmationEmail({ to, confirmationId, cohortId, hours: CONFIRMATION_TTL_HOURS }),
  "waitlist-offer": (to, { entryId }) => waitlistOfferEmail({ to, entryId }),
  "pledge-confirmation": (to, { name, pledgeNumber, shareUrl }) =>
    pledgeConfirmationEmail({ name, to, pledgeNumber, badge: badgeForPledgeNumber(pledgeNumber), shareUrl }),
  "partner-welcome": (_to, p) => partnerWelcomeEmail(p),
  "partner-pledge-team": (_to, p) => partnerPledgeTeamEmail(p),
  "story-contact-team": (_to, request) => storyContactTeamEmail(request),
  "safety-clearance-link": (to, { clearanceId }) => renderSafetyClearanceLinkEmail(to, clearanceId),
  "safety-clearance-team": (to, { clearanceId }) => renderSafetyClearanceTeamEmail(to, clearanceId),
  "cohort-announcement": (to, { announcementId }) => renderAnnouncementEmail(to, announcementId),
  "cohort-announcement-test": (to, test) => renderAnnouncementTestEmail(to, test),
  "contact-message-team": (_to, message) => contactMessageTeamEmail(message),
  "programme-message": (to, message) => programmeMessageEmail(to, message),
};
