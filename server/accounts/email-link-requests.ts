import "server-only";
import { createAuthClient } from "../supabase/server";
import { toApiError } from "./auth-service-error";
import { callbackUrl } from "./redirects";

/**
 * A one-time sign-in link for an existing account (no new user). Unknown addresses get the same
 * answer as known ones.
 */
export async function sendSignInLink(email: string, next?: string): Promise<{ status: "sent" }> {
  const supabase = await createAuthClient();
  const { error } = await supabase.auth.signInWithOtp({
    email,
    options: { shouldCreateUser: false, emailRedirectTo: callbackUrl(next) },
  });
  const unknownAddress = error && ["otp_disabled", "signup_disabled", "user_not_found"].includes(error.code ?? "");
  if (error && !unknownAddress) throw toApiError(error, "sign-in link");
  return { status: "sent" };
}

/** The password-reset email; lands on /auth/reset-password signed in. Same answer for any address. */
export async function sendPasswordReset(email: string): Promise<{ status: "sent" }> {
  const supabase = await createAuthClient();
  const { error } = await supabase.auth.resetPasswordForEmail(email, {
    redirectTo: callbackUrl("/auth/reset-password", "/auth/reset-password"),
  });
  if (error && error.code !== "user_not_found") throw toApiError(error, "password reset");
  return { status: "sent" };
}
