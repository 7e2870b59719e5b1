import { badRequest } from "./auth-error";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A trimmed, lower-cased address, or Supabase's validation error. */
export function normalizeEmail(value: string | undefined): string {
  const email = (value ?? "").trim().toLowerCase();
  if (email === "") throw badRequest("validation_failed", "An email address is required");
  if (email.length > 255) throw badRequest("validation_failed", "An email address is too long");
  if (!EMAIL.test(email)) throw badRequest("validation_failed", "Unable to validate email address: invalid format");
  return email;
}
