import * as z from "zod/mini";
import { emailSchema } from "../email/email-address";
import {
  SAFETY_ANSWER_REQUIRED,
  SAFETY_CLEARANCE,
  SAFETY_CLEARANCE_TOKEN_PATTERN,
  SAFETY_SCREEN_UNANSWERED,
  SAFETY_SCREEN_VERSION,
  answeredYes,
  safetyClearanceSchema,
} from "./safety-screen";

// The safety screen's clearance link: what its endpoints take and answer inside `{ data }`; the
// pages parse with the same.

const answer = z.enum(["yes", "no"], { error: SAFETY_ANSWER_REQUIRED });

export const NO_CLEARANCE_NEEDED = "These answers need no doctor's go-ahead.";

/**
 * POST /api/safety-clearances: the address to send a clearance link to, and the answers it is for
 * (at least one 'yes': the link covers those questions and no others).
 */
export const safetyClearanceRequestSchema = z.object({
  email: emailSchema,
  safetyScreen: z
    .object(
      {
        version: z.literal(SAFETY_SCREEN_VERSION, { error: SAFETY_ANSWER_REQUIRED }),
        type1DiabetesOrInsulin: answer,
        pregnancy: answer,
        eatingDisorderHistory: answer,
      },
      { error: SAFETY_SCREEN_UNANSWERED },
    )
    .check(z.refine((answers) => answeredYes(answers).length > 0, NO_CLEARANCE_NEEDED)),
});
export type SafetyClearanceRequest = z.input<typeof safetyClearanceRequestSchema>;

/** Its answer, 202, whatever the address has asked before: it tells a stranger nothing. */
export const safetyClearanceRequestedSchema = z.object({ received: z.literal(true) });

const linkToken = z.string().check(z.regex(SAFETY_CLEARANCE_TOKEN_PATTERN, SAFETY_CLEARANCE.invalidHeading));

/** POST /api/safety-clearances/confirmations: the link's token and address, the person's name and their word. */
export const safetyClearanceConfirmationSchema = z.object({
  token: linkToken,
  email: emailSchema,
  name: z.string({ error: SAFETY_CLEARANCE.nameRequired }).check(z.trim(), z.minLength(1, SAFETY_CLEARANCE.nameRequired), z.maxLength(200)),
  clearedByDoctor: z.literal(true, { error: SAFETY_CLEARANCE.clearanceRequired }),
});
export type SafetyClearanceConfirmation = z.input<typeof safetyClearanceConfirmationSchema>;

/**
 * What using the link did: the clearance is recorded (its pass for the checkout comes back, once),
 * the link was used before, or nothing (an unknown, forged or lapsed link, or another address's).
 */
export const safetyClearanceConfirmedSchema = z.object({
  status: z.enum(["confirmed", "used", "invalid"]),
  clearance: z.nullable(safetyClearanceSchema),
});
export type SafetyClearanceConfirmed = z.output<typeof safetyClearanceConfirmedSchema>;
