import { PASSWORD_MIN_LENGTH, authMessages } from "@/lib/auth/auth-messages";

export const PASSWORD_REQUIRED_MESSAGE = "Please enter your password.";
export const CONFIRMATION_REQUIRED_MESSAGE = "Please enter the password again.";

/**
 * The message to show for a typed password, or null when it is fine. SPEC §5: required; a new
 * password (sign-up, reset) needs at least 8 characters.
 */
export function passwordProblem(password: string, { isNew }: { isNew: boolean }): string | null {
  if (password === "") return PASSWORD_REQUIRED_MESSAGE;
  if (isNew && password.length < PASSWORD_MIN_LENGTH) return authMessages.passwordTooShort.description;
  return null;
}

/** SPEC §5: the confirmation must repeat the new password exactly. */
export function confirmationProblem(password: string, confirmation: string): string | null {
  if (confirmation === "") return CONFIRMATION_REQUIRED_MESSAGE;
  return confirmation === password ? null : authMessages.passwordsDiffer.description;
}
