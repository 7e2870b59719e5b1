import { z } from "zod";
import { emailSchema } from "../email/email-schema";

const token = z.string().regex(/^[A-Za-z0-9_-]{20,200}$/, "The verification link is invalid or has expired.");

/** POST /api/auth/verify-email (SPEC §7): validate a set-up link, or complete it for an account. */
export const verifyEmailSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("validate"), token, email: emailSchema }),
  z.object({ action: z.literal("complete"), token, email: emailSchema, authId: z.uuid({ error: "authId must be the account's id." }) }),
]);

export type VerifyEmailRequest = z.input<typeof verifyEmailSchema>;

/** action 'validate': the link is usable; whether its address already has an account. */
export const verificationLinkValidSchema = z.object({ valid: z.literal(true), email: z.string().min(1), hasAccount: z.boolean() });

/** action 'complete': the purchase now belongs to the account. */
export const verificationCompletedSchema = z.object({ verified: z.literal(true), email: z.string().min(1) });

/** What POST /api/auth/verify-email answers inside `{ data }`, for either action. */
export const verifyEmailResultSchema = z.union([verificationLinkValidSchema, verificationCompletedSchema]);
