import "server-only";
import { createAuthClient, type CookieJar } from "../supabase/server";
import { toApiError } from "./auth-service-error";
import { emailLinkRedirect } from "./redirects";

// Both links go to /auth/confirm with a token hash (supabase/templates), so they work on any
// device; `jar` is the asking browser's cookies (the request's by default).

/**
 * A one-time sign-in link for an existing account (no new user). Unknown addresses get the same
 * answer as known ones.
 */
export async function sendSignInLink(email: string, next?: string, jar?: CookieJar): Promise<{ status: "sent" }> {
  const supabase = await createAuthClient(jar);
  const { error } = await supabase.auth.signInWithOtp({
    email,
    options: { shouldCreateUser: false, emailRedirectTo: emailLinkRedirect(next) },
  });
  const unknownAddress = error && ["otp_disabled", "signup_disabled", "user_not_found"].includes(error.code ?? "");
  if (error && !unknownAddress) throw toApiError(error, "sign-in link");
  return { status: "sent" };
}

/** The password-reset email; lands on /auth/reset-password signed in. Same answer for any address. */
export async function sendPasswordReset(email: string, jar?: CookieJar): Promise<{ status: "sent" }> {
  const supabase = await createAuthClient(jar);
  const { error } = await supabase.auth.resetPasswordForEmail(email, {
    redirectTo: emailLinkRedirect("/auth/reset-password", "/auth/reset-password"),
  });
  if (error && error.code !== "user_not_found") throw toApiError(error, "password reset");
  return { status: "sent" };
}
