import { z } from "zod";
import { PASSWORD_MIN_LENGTH, authMessages } from "./auth-messages";
import { emailSchema } from "../email/email-schema";

const password = z
  .string({ error: authMessages.credentialsRequired })
  .min(1, authMessages.credentialsRequired)
  .max(72, "Password must be at most 72 characters long.");

/** A password being chosen (sign-up, account set-up): it must meet the minimum. */
export const newPasswordSchema = password.min(PASSWORD_MIN_LENGTH, authMessages.passwordTooShort.description);

/** POST /api/auth/sign-in */
export const signInSchema = z.object({ email: emailSchema, password });

/** POST /api/auth/sign-up */
export const signUpSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  next: z.string().max(2048).optional(),
});

/** POST /api/auth/sign-in-link */
export const signInLinkSchema = z.object({ email: emailSchema, next: z.string().max(2048).optional() });

/** POST /api/auth/forgot-password */
export const forgotPasswordSchema = z.object({ email: emailSchema });

export type SignInInput = z.infer<typeof signInSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;

// What the /api/auth endpoints answer inside `{ data }`.

/** POST /api/auth/sign-in: the session is in the response's cookies; this names whose it is. */
export const signedInSchema = z.object({ user: z.object({ id: z.string(), email: z.string().nullable() }) });

/** POST /api/auth/sign-up: the same answer whether or not the address has an account. */
export const signUpStartedSchema = z.object({ status: z.literal("check_email") });

/** POST /api/auth/sign-in-link and /api/auth/forgot-password: the same answer for any address. */
export const emailLinkSentSchema = z.object({ status: z.literal("sent") });

/** POST /api/auth/sign-out */
export const signedOutSchema = z.object({ signedOut: z.literal(true) });
