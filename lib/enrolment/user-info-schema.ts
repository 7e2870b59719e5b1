import * as z from "zod/mini";
import { safetyScreenSchema } from "../questionnaire/safety-screen";
import { TERMS_VERSION } from "./terms";

export const TERMS_REQUIRED_MESSAGE = "Please agree to terms and conditions.";
const NOTE_MAX = 1000;

const note = z.pipe(
  z.optional(z.string().check(z.trim(), z.maxLength(NOTE_MAX, `Please keep this under ${NOTE_MAX} characters.`))),
  z.transform((value) => (value ? value : undefined)),
);

/**
 * SPEC §3 User-info form and §5: cgmExperience is not enforced (but must be yes/no when given), the
 * two notes are optional, and the terms must be agreed in their current version. Beyond the spec,
 * the safety screen must be answered and cleared (lib/questionnaire/safety-screen.ts), so a 'yes'
 * is refused by the checkout handler too. The /user-info form and the handler parse with this schema.
 */
export const userInfoSchema = z.object({
  cgmExperience: z.optional(z.enum(["yes", "no"])),
  dietaryRestrictions: note,
  medicalConditions: note,
  agreeToTerms: z.literal(true, { error: TERMS_REQUIRED_MESSAGE }),
  termsVersion: z.literal(TERMS_VERSION, { error: `The terms version must be ${TERMS_VERSION}.` }),
  termsAcceptedAt: z.iso.datetime({ offset: true, error: "termsAcceptedAt must be an ISO date-time." }),
  safetyScreen: safetyScreenSchema,
});

export type UserInfo = z.output<typeof userInfoSchema>;
