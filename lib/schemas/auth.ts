import { z } from "zod";
import { PASSWORD_MIN_LENGTH, authMessages } from "../auth-messages";
import { emailSchema } from "./email";

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
