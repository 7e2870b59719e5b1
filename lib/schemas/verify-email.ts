import { z } from "zod";
import { emailSchema } from "./email";

const token = z.string().regex(/^[A-Za-z0-9_-]{20,200}$/, "The verification link is invalid or has expired.");

/** POST /api/auth/verify-email (SPEC §7): validate a set-up link, or complete it for an account. */
export const verifyEmailSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("validate"), token, email: emailSchema }),
  z.object({ action: z.literal("complete"), token, email: emailSchema, authId: z.uuid({ error: "authId must be the account's id." }) }),
]);

export type VerifyEmailRequest = z.input<typeof verifyEmailSchema>;
