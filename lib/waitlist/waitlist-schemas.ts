import * as z from "zod/mini";
import { emailSchema } from "../email/email-address";

// D17, Waitlist: what its endpoints take and answer inside `{ data }`; the pages parse with the same.

/** An emailed link's token (server/security/secret-tokens.ts): 256 bits, base64url. */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** How long a freed place is held for the waitlisted person it is offered to. */
export const OFFER_HOURS = 24;

/** POST /api/cohorts/{id}/waitlist: the address to queue (it is sent a confirmation link first, D18). */
export const waitlistJoinRequestSchema = z.object({ email: emailSchema });
export type WaitlistJoinRequest = z.input<typeof waitlistJoinRequestSchema>;

/**
 * Its answer, 202, whatever the address has done before: it tells nobody who is on a waitlist.
 * `queued` only for a signed-in member who joined with their own address: they are on it now.
 */
export const waitlistJoinedSchema = z.object({ received: z.literal(true), queued: z.optional(z.literal(true)) });
export type WaitlistJoined = z.output<typeof waitlistJoinedSchema>;

export const WAITLIST_CLAIM_INVALID = "This claim link is not valid. Open the link exactly as it is in the email.";

/** A claim link's token (/waitlist/claim?token=…): 256 bits, base64url, like every emailed link's. */
export const waitlistClaimTokenSchema = z
  .string({ error: WAITLIST_CLAIM_INVALID })
  .check(z.regex(LINK_TOKEN_PATTERN, WAITLIST_CLAIM_INVALID));

/**
 * What using a waitlist confirmation link did: the address is on the cohort's waitlist now (or was
 * already, the link used before), or nothing (unknown or expired link).
 */
export const waitlistConfirmationResultSchema = z.object({
  status: z.enum(["confirmed", "already-confirmed", "invalid"]),
  cohortName: z.nullable(z.string()),
});
export type WaitlistConfirmationResult = z.output<typeof waitlistConfirmationResultSchema>;

/** A claim link's offer as the claim page shows it. */
export const waitlistOfferSchema = z.object({
  status: z.enum(["offered", "claimed", "lapsed", "closed", "invalid"]),
  cohortId: z.nullable(z.string()),
  cohortName: z.nullable(z.string()),
  startDate: z.nullable(z.string()),
  endDate: z.nullable(z.string()),
  /** When the held place goes to the next person (ISO), while it is offered. */
  expiresAt: z.nullable(z.string()),
});
export type WaitlistOffer = z.output<typeof waitlistOfferSchema>;

/** An offer as enrolment remembers it between the claim page and payment (sessionStorage, D12). */
export const waitlistClaimDraftSchema = z.object({
  token: z.string().check(z.regex(LINK_TOKEN_PATTERN)),
  cohortId: z.string().check(z.minLength(1), z.maxLength(64)),
  cohortName: z.string().check(z.maxLength(200)),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type WaitlistClaimDraft = z.output<typeof waitlistClaimDraftSchema>;

// The words the screens and the API use (SPEC has none for the waitlist).
export const JOIN_WAITLIST = "Join the waitlist";
export const WAITLIST_JOINED = "Check your email: confirm your address to take your place on the waitlist.";
export const WAITLIST_QUEUED = "You're on the waitlist. We'll email you when a place frees up.";
export const WAITLIST_NOT_FULL = "A place is free in this cohort again. Choose it to continue.";
export const WAITLIST_CLAIM_CLAIMED = "This place has already been claimed.";
export const WAITLIST_CLAIM_LAPSED =
  "This offer has lapsed: the place was held for 24 hours and has passed to the next person on the waitlist.";
export const WAITLIST_CLAIM_NOT_YOURS =
  "This place is held for the address the offer was sent to. Sign in with that address, or sign out, to claim it.";
export const WAITLIST_CLAIM_BUSY = "This place is being paid for in another window. Finish there, or try again in a minute.";

/** Whether an offer remembered in the draft still holds its place at `now`. */
export function claimInForce(claim: WaitlistClaimDraft | undefined, cohortId: string | null, now: Date): claim is WaitlistClaimDraft {
  return claim !== undefined && claim.cohortId === cohortId && new Date(claim.expiresAt).getTime() > now.getTime();
}

/**
 * "Dec 5, 2026, 2:30 PM EST": when a held place passes on, with its time zone named, since a
 * deadline without one is a guess. In `timeZone` (the reader's own; the runtime's by default).
 */
export function formatOfferExpiry(expiresAt: string, timeZone?: string, locale = "en-US"): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone })
    .format(new Date(expiresAt))
    .concat(" ", zoneName(expiresAt, timeZone, locale));
}

// dateStyle/timeStyle cannot be combined with timeZoneName, so the zone's short name is read apart.
function zoneName(at: string, timeZone: string | undefined, locale: string): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: "short" }).formatToParts(new Date(at));
  return parts.find((part) => part.type === "timeZoneName")?.value ?? "";
}

/** What the payment page says while a place is held for the visitor. */
export function heldForYouNotice(claim: Pick<WaitlistClaimDraft, "cohortName" | "expiresAt">): string {
  return `A place in ${claim.cohortName} is held for you until ${formatOfferExpiry(claim.expiresAt)}. Choose it and pay to take it.`;
}
