import * as z from "zod/mini";
import { emailSchema } from "../email/email-address";
import { newPasswordSchema, passwordSchema } from "./password-rules";

/** POST /api/auth/sign-in */
export const signInSchema = z.object({ email: emailSchema, password: passwordSchema });

/** POST /api/auth/sign-up */
export const signUpSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  next: z.optional(z.string().check(z.maxLength(2048))),
});

/** POST /api/auth/sign-in-link */
export const signInLinkSchema = z.object({ email: emailSchema, next: z.optional(z.string().check(z.maxLength(2048))) });

/** POST /api/auth/forgot-password */
export const forgotPasswordSchema = z.object({ email: emailSchema });

export type SignInInput = z.infer<typeof signInSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;

// What the /api/auth endpoints answer inside `{ data }`.

/** POST /api/auth/sign-in: the session is in the response's cookies; this names whose it is. */
export const signedInSchema = z.object({ user: z.object({ id: z.string(), email: z.nullable(z.string()) }) });

/** POST /api/auth/sign-up: the same answer whether or not the address has an account. */
export const signUpStartedSchema = z.object({ status: z.literal("check_email") });

/** POST /api/auth/sign-in-link and /api/auth/forgot-password: the same answer for any address. */
export const emailLinkSentSchema = z.object({ status: z.literal("sent") });

/** POST /api/auth/sign-out */
export const signedOutSchema = z.object({ signedOut: z.literal(true) });
