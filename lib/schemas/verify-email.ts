import { z } from "zod";
import { newPasswordSchema } from "./auth";
import { emailSchema } from "./email";

const token = z.string().regex(/^[A-Za-z0-9_-]{20,200}$/, "The verification link is invalid or has expired.");

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
      authId: z.uuid({ error: "authId must be the account's id." }).optional(),
      password: newPasswordSchema.optional(),
    })
    .refine((body) => (body.authId === undefined) !== (body.password === undefined), {
      error: "Send either the new account's password or the id of the account you signed in to.",
      path: ["password"],
    }),
]);

export type VerifyEmailRequest = z.input<typeof verifyEmailSchema>;
