import { createClient } from "../supabase-browser";
import { completeVerification, type VerificationLink } from "./verify-email-request";

export type VerifyAccountOutcome =
  /** The address is confirmed and the purchase linked; `signedIn` says whether a session followed. */
  | { kind: "verified"; signedIn: boolean }
  /** The auth service refused the new account (its message, when it gave one). */
  | { kind: "sign-up-failed"; message: string | null }
  /** The address already has a confirmed account: sign in to it instead. */
  | { kind: "already-registered" }
  | { kind: "sign-in-failed"; message: string | null }
  /** The account is there, but the link could not be completed for it. */
  | { kind: "complete-failed"; message: string | null };

function callbackUrl(): string {
  const url = new URL("/auth/callback", window.location.origin);
  url.searchParams.set("next", "/dashboard");
  return url.toString();
}

/**
 * New account (D2): sign up with the link's address, complete the link for the new account (which
 * confirms the address), then sign in with the password just chosen.
 */
export async function createAccountAndVerify(link: VerificationLink, password: string): Promise<VerifyAccountOutcome> {
  const supabase = createClient();
  const { data, error } = await supabase.auth.signUp({
    email: link.email,
    password,
    // The auth service may still send its own confirmation mail; its link then simply signs in.
    options: { data: { verification_token: link.token }, emailRedirectTo: callbackUrl() },
  });
  if (error || !data.user) return { kind: "sign-up-failed", message: error?.message ?? null };
  // Supabase answers a sign-up for an address that already has a confirmed account with a made-up
  // user that has no identities (so as not to reveal the account).
  if (data.user.identities?.length === 0) return { kind: "already-registered" };
  const completed = await completeVerification(link, data.user.id);
  if (!completed.ok) return { kind: "complete-failed", message: completed.message };
  if (data.session) return { kind: "verified", signedIn: true };
  const signIn = await supabase.auth.signInWithPassword({ email: link.email, password });
  if (signIn.error) console.error("Signing in after verification failed", signIn.error);
  return { kind: "verified", signedIn: !signIn.error };
}

/** Existing account: sign in to it, then complete the link for the signed-in user. */
export async function signInAndVerify(link: VerificationLink, password: string): Promise<VerifyAccountOutcome> {
  const { data, error } = await createClient().auth.signInWithPassword({ email: link.email, password });
  if (error || !data.user) return { kind: "sign-in-failed", message: error?.message ?? null };
  const completed = await completeVerification(link, data.user.id);
  if (!completed.ok) return { kind: "complete-failed", message: completed.message };
  return { kind: "verified", signedIn: true };
}
