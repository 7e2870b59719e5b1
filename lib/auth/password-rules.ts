import * as z from "zod/mini";
import { authMessages } from "./auth-messages";

// One set of password rules: the auth forms check them as people type, and the auth routes parse
// with the schemas below, which apply the same checks with the same words.

// SPEC §9: at least 8 characters for a new password. At most 72: the auth service's hash reads no
// further, so a longer password would be cut short without the member knowing.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 72;
export const PASSWORD_TOO_LONG_MESSAGE = `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`;
export const CONFIRMATION_REQUIRED_MESSAGE = "Please enter the password again.";

/**
 * The message for a typed password, or null when it is fine. SPEC §8: a password is required (the
 * auth service's words); a new one (sign-up, reset, account set-up) needs at least 8 characters.
 */
export function passwordProblem(password: string, { isNew }: { isNew: boolean }): string | null {
  if (password === "") return authMessages.credentialsRequired;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG_MESSAGE;
  if (isNew && password.length < PASSWORD_MIN_LENGTH) return authMessages.passwordTooShort.description;
  return null;
}

/** SPEC §5: the confirmation must repeat the new password exactly. */
export function confirmationProblem(password: string, confirmation: string): string | null {
  if (confirmation === "") return CONFIRMATION_REQUIRED_MESSAGE;
  return confirmation === password ? null : authMessages.passwordsDiffer.description;
}

const passwordSchemaFor = (isNew: boolean) =>
  z.string({ error: authMessages.credentialsRequired }).check(
    z.superRefine((value, ctx) => {
      const problem = passwordProblem(value, { isNew });
      if (problem) ctx.addIssue({ code: "custom", message: problem, input: value });
    }),
  );

/** A password given to sign in: required, no minimum (it was chosen under the rules of its day). */
export const passwordSchema = passwordSchemaFor(false);

/** A password being chosen (sign-up, account set-up): it must meet the minimum. */
export const newPasswordSchema = passwordSchemaFor(true);
