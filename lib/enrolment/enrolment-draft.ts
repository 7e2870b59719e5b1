import * as z from "zod/mini";
import { currentSafetyScreenDraft, safetyScreenDraftSchema } from "../questionnaire/safety-screen";
import { waitlistClaimDraftSchema } from "../waitlist/waitlist-schemas";
import { TERMS_VERSION } from "./terms";

// D12: what enrolment remembers in sessionStorage between /user-info and /payment (the plan is in
// the URL). What is read back is parsed: corrupt or foreign data is an empty draft.
const NOTE_INPUT_MAX = 5000;

export const userInfoDraftSchema = z.object({
  cgmExperience: z.optional(z.enum(["yes", "no"])),
  dietaryRestrictions: z.optional(z.string().check(z.maxLength(NOTE_INPUT_MAX))),
  medicalConditions: z.optional(z.string().check(z.maxLength(NOTE_INPUT_MAX))),
  agreeToTerms: z.optional(z.boolean()),
  termsVersion: z.optional(z.string().check(z.maxLength(40))),
  termsAcceptedAt: z.optional(z.string().check(z.maxLength(40))),
  safetyScreen: z.optional(safetyScreenDraftSchema),
});

export const enrolmentDraftSchema = z.object({
  userInfo: z.optional(userInfoDraftSchema),
  cohortId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  couponCode: z.optional(z.string().check(z.maxLength(40))),
  /** D17: the waitlist offer this visitor came to claim (its link's token and held cohort). */
  waitlistClaim: z.optional(waitlistClaimDraftSchema),
});

/** The user-info form as typed so far: raw text, so a reload puts back exactly what was there. */
export type UserInfoDraft = z.output<typeof userInfoDraftSchema>;
export type EnrolmentDraft = z.output<typeof enrolmentDraftSchema>;

export const EMPTY_DRAFT: EnrolmentDraft = {};

/**
 * A draft read back from storage. An agreement to an older version of the terms no longer counts:
 * the buyer has to agree to the current one (SPEC §9 terms version); answers to an older wording of
 * the safety screen are asked again.
 */
export function parseEnrolmentDraft(raw: unknown): EnrolmentDraft {
  const parsed = enrolmentDraftSchema.safeParse(raw);
  if (!parsed.success) return EMPTY_DRAFT;
  let draft = parsed.data;
  if (draft.userInfo?.safetyScreen && !currentSafetyScreenDraft(draft.userInfo.safetyScreen)) {
    draft = { ...draft, userInfo: { ...draft.userInfo, safetyScreen: undefined } };
  }
  const info = draft.userInfo;
  if (info?.agreeToTerms && info.termsVersion !== TERMS_VERSION) {
    return { ...draft, userInfo: withTermsAgreement(info, false, new Date(0)) };
  }
  return draft;
}

/** The draft stored as text (null or unreadable text is an empty draft). */
export function parseEnrolmentDraftJson(text: string | null): EnrolmentDraft {
  if (!text) return EMPTY_DRAFT;
  try {
    return parseEnrolmentDraft(JSON.parse(text) as unknown);
  } catch {
    return EMPTY_DRAFT;
  }
}

/** The text to store; only known fields survive. */
export function serializeEnrolmentDraft(draft: EnrolmentDraft): string {
  return JSON.stringify(parseEnrolmentDraft(draft));
}

/** The user info with the terms agreed now (version and time recorded) or the agreement withdrawn. */
export function withTermsAgreement(info: UserInfoDraft, agreed: boolean, now: Date): UserInfoDraft {
  if (!agreed) {
    return { ...info, agreeToTerms: false, termsVersion: undefined, termsAcceptedAt: undefined };
  }
  return { ...info, agreeToTerms: true, termsVersion: TERMS_VERSION, termsAcceptedAt: now.toISOString() };
}
