import "server-only";
import { emailIdentity } from "@/lib/email/email-address";
import type { AuthUser } from "../auth/auth-user";
import type { RouteRateLimit } from "./rate-limit";

// Every route's rate limits, in one place: route({ rateLimits }) takes them (rate-limit.ts counts).
// Without `per` a limit counts per client address.

type WithEmail = { body: { email: string } };
const perAccount = ({ body }: WithEmail) => body.email;
// Emails are counted per inbox: "+tags", and for Gmail dots and googlemail.com, reach the same one.
// Sign-up still takes such spellings as accounts of their own (the auth service keeps them apart).
const perInbox = ({ body }: WithEmail) => emailIdentity(body.email);
const perSignedInAccount = ({ user }: { user: AuthUser }) => user.id;

// --- Accounts and sign-in

// App-level limits in front of the auth service: password guessing per client, and per account
// from each client; emails we cause to be sent (sign-up, sign-in link, password reset) per client,
// and per inbox from each client, per hour. The per-account limits count per client too, so a
// stranger hammering someone's account locks only themself out, never the account's owner.
export const signInLimits: RouteRateLimit<WithEmail>[] = [
  { name: "sign-in-ip", limit: 50, windowSeconds: 300 },
  { name: "sign-in-account", limit: 10, windowSeconds: 900, per: perAccount, alsoPerClient: true },
];

export const authEmailLimits: RouteRateLimit<WithEmail>[] = [
  { name: "auth-email-ip", limit: 30, windowSeconds: 3600 },
  { name: "auth-email-address", limit: 5, windowSeconds: 3600, per: perInbox, alsoPerClient: true },
];

export const verifyEmailLimits: RouteRateLimit[] = [{ name: "verify-email-ip", limit: 30, windowSeconds: 600 }];

export const memberProfileLimits: RouteRateLimit[] = [{ name: "profile-write", limit: 30, windowSeconds: 60 }];

// A member's programme messages: the hour, channel and pause; the feedback answer (kept once).
export const programmePreferencesLimits: RouteRateLimit[] = [{ name: "programme-preferences-write", limit: 30, windowSeconds: 60 }];
export const programmeFeedbackLimits: RouteRateLimit[] = [{ name: "programme-feedback", limit: 10, windowSeconds: 60 }];

/**
 * D17 fresh sign-in: every attempt counts, a wrong password above all: per address, per account
 * from each address, and per account from anywhere. Only a holder of the account's own session can
 * spend the last one (the route is for operators), so it locks out no stranger's victim, only a
 * stolen token's password guessing from many addresses.
 */
export const freshSignInLimits: RouteRateLimit<{ user: AuthUser }>[] = [
  { name: "fresh-sign-in-ip", limit: 30, windowSeconds: 900 },
  { name: "fresh-sign-in-account", limit: 5, windowSeconds: 900, per: perSignedInAccount, alsoPerClient: true },
  { name: "fresh-sign-in-account-total", limit: 20, windowSeconds: 3600, per: perSignedInAccount },
];

// --- Telegram and the coach bot

export const telegramLinkLimits: RouteRateLimit[] = [{ name: "telegram-link", limit: 10, windowSeconds: 900 }];
export const telegramVerifyLimits: RouteRateLimit[] = [{ name: "telegram-verify", limit: 30, windowSeconds: 300 }];
export const telegramStartLinkLimits: RouteRateLimit[] = [{ name: "telegram-start-link", limit: 20, windowSeconds: 3600 }];
export const telegramQrLinkLimits: RouteRateLimit[] = [{ name: "telegram-qr-link", limit: 20, windowSeconds: 3600 }];
export const telegramQrOpenLimits: RouteRateLimit[] = [{ name: "telegram-qr-open", limit: 30, windowSeconds: 300 }];
export const botSetupLimits: RouteRateLimit[] = [{ name: "bot-setup-write", limit: 120, windowSeconds: 60 }];

// --- Cohorts, waitlist and payment

export const cohortEnrolLimits: RouteRateLimit[] = [{ name: "cohort-enrol", limit: 30, windowSeconds: 600 }];

// Per client address, like the campaign forms': enough for a household, too few to flood a
// cohort's queue (each address is also sent at most one confirmation a day, D18).
export const waitlistJoinLimits: RouteRateLimit[] = [{ name: "cohort-waitlist", limit: 5, windowSeconds: 600 }];
// A link is used once or twice; more from one address is someone guessing tokens.
export const waitlistConfirmationLimits: RouteRateLimit[] = [{ name: "waitlist-confirmation", limit: 20, windowSeconds: 600 }];

// Per client address: a buyer needs a few tries at most; each checkout opens a Stripe session.
export const checkoutLimits: RouteRateLimit[] = [
  { name: "checkout-session", limit: 10, windowSeconds: 600 },
  { name: "checkout-session-day", limit: 50, windowSeconds: 86_400 },
];

// --- Campaign

// Per client address: enough for a family sharing a connection, too few to farm pledge numbers or
// flood the campaign team's inbox.
export const pledgeLimits: RouteRateLimit[] = [{ name: "campaign-pledge", limit: 10, windowSeconds: 600 }];
export const storyLimits: RouteRateLimit[] = [{ name: "campaign-story", limit: 10, windowSeconds: 600 }];
export const storyContactLimits: RouteRateLimit[] = [{ name: "campaign-story-contact", limit: 5, windowSeconds: 600 }];
export const partnerLimits: RouteRateLimit[] = [{ name: "campaign-partner", limit: 5, windowSeconds: 600 }];
export const contactLimits: RouteRateLimit[] = [{ name: "campaign-contact", limit: 5, windowSeconds: 600 }];
// A signed upload URL can take a whole 100 MB file whatever size was announced for it (Storage knows
// no limit per URL), until the story check or the clean-up deletes it: so URLs are also counted per day.
export const storyUploadLimits: RouteRateLimit[] = [
  { name: "campaign-story-upload", limit: 10, windowSeconds: 600 },
  { name: "campaign-story-upload-day", limit: 30, windowSeconds: 86_400 },
];
// A link is used once or twice; more from one address is someone guessing tokens.
export const confirmationLimits: RouteRateLimit[] = [{ name: "campaign-confirmation", limit: 20, windowSeconds: 600 }];
// Drawing a share card takes 120-250 ms of CPU: counted only when one is drawn, not when it is answered from memory.
export const pledgeCardLimits: RouteRateLimit[] = [{ name: "campaign-pledge-card", limit: 120, windowSeconds: 60, onCacheMiss: true }];

// --- Safety clearance

// Per client address, like the campaign and waitlist forms': enough for a household, too few to
// make the form a way to flood inboxes (each inbox also gets at most one link a day, three a week).
export const clearanceRequestLimits: RouteRateLimit[] = [{ name: "safety-clearance", limit: 5, windowSeconds: 600 }];
// A link is used once or twice; more from one address is someone guessing tokens.
export const clearanceConfirmationLimits: RouteRateLimit[] = [{ name: "safety-clearance-confirmation", limit: 20, windowSeconds: 600 }];

// --- Social posts

// Per client address. Each regeneration may call a paid text generator, so it has the tightest
// budget; the per-post cap (MAX_REGENERATIONS) bounds it further. The /edit-post page takes `read` too.
export const socialPostLimits = {
  read: [{ name: "social-post-read", limit: 60, windowSeconds: 60 }],
  regenerate: [{ name: "social-post-regenerate", limit: 20, windowSeconds: 600 }],
  share: [{ name: "social-post-share", limit: 30, windowSeconds: 600 }],
  card: [{ name: "social-post-card", limit: 300, windowSeconds: 300 }],
} satisfies Record<string, RouteRateLimit[]>;

// --- Announcements

// A test reaches the operator's own inbox only; still, not a way to send mail without end.
export const announcementTestLimits: RouteRateLimit[] = [{ name: "announcement-test", limit: 20, windowSeconds: 3600 }];
// A link is used once or twice; more from one address is someone guessing tokens.
export const unsubscribeLimits: RouteRateLimit[] = [{ name: "announcement-unsubscribe", limit: 20, windowSeconds: 600 }];

// --- Programme texts

// An operator editing the programme's words by hand saves a few times a minute at most.
export const programmeTextLimits: RouteRateLimit[] = [{ name: "programme-text-write", limit: 60, windowSeconds: 600 }];

// --- Referrals, newsletter, web vitals

export const referralLeadLimits: RouteRateLimit[] = [{ name: "referral-lead", limit: 30, windowSeconds: 600 }];
export const referralVisitLimits: RouteRateLimit[] = [{ name: "referral-visit", limit: 30, windowSeconds: 600 }];
export const newsletterLimits: RouteRateLimit[] = [{ name: "newsletter", limit: 10, windowSeconds: 600 }];
// A visitor sends a batch or two per page; this leaves room for a busy reader, not a flood.
export const webVitalsLimits: RouteRateLimit[] = [{ name: "web-vitals", limit: 60, windowSeconds: 600 }];
