import * as z from "zod/mini";
import { emailSchema } from "../email/email-address";
import { newPasswordSchema } from "./password-rules";

const token = z.string().check(z.regex(/^[A-Za-z0-9_-]{20,200}$/, "The verification link is invalid or has expired."));

/**
 * POST /api/auth/verify-email (SPEC §7): validate a set-up link, or complete it. Completing either
 * creates the account with the password chosen on the page (the link proves the address), or links
 * the purchase to the confirmed account `authId` the buyer just signed in to (Google, or a password).
 */
export const verifyEmailSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("validate"), token, email: emailSchema }),
  z
    .object({
      action: z.literal("complete"),
      token,
      email: emailSchema,
      authId: z.optional(z.uuid({ error: "authId must be the account's id." })),
      password: z.optional(newPasswordSchema),
    })
    .check(
      z.refine((body) => (body.authId === undefined) !== (body.password === undefined), {
        error: "Send either the new account's password or the id of the account you signed in to.",
        path: ["password"],
      }),
    ),
]);

export type VerifyEmailRequest = z.input<typeof verifyEmailSchema>;

/** action 'validate': the link is usable; whether its address already has an account. */
export const verificationLinkValidSchema = z.object({
  valid: z.literal(true),
  email: z.string().check(z.minLength(1)),
  hasAccount: z.boolean(),
});

/** action 'complete': the purchase now belongs to the account. */
export const verificationCompletedSchema = z.object({ verified: z.literal(true), email: z.string().check(z.minLength(1)) });

/** What POST /api/auth/verify-email answers inside `{ data }`, for either action. */
export const verifyEmailResultSchema = z.union([verificationLinkValidSchema, verificationCompletedSchema]);
