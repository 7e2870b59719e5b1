import { createClient } from "../supabase-browser";
import { completeVerification, completeWithPassword, type VerificationLink } from "./verify-email-api";

export type VerifyAccountOutcome =
  /** The address is confirmed and the purchase linked; `signedIn` says whether a session followed. */
  | { kind: "verified"; signedIn: boolean }
  /** The new account could not be created (the server's message, when it gave one). */
  | { kind: "sign-up-failed"; message: string | null }
  /** The address already has a confirmed account: sign in to it instead. */
  | { kind: "already-registered" }
  | { kind: "sign-in-failed"; message: string | null }
  /** The account is there, but the link could not be completed for it. */
  | { kind: "complete-failed"; message: string | null };

/**
 * New account (D2): the server checks the link and creates the account with the password
 * chosen here, already confirmed (the link proves the address; an unconfirmed account someone else
 * registered with it is replaced). Then this browser signs in with that password.
 */
export async function createAccountAndVerify(link: VerificationLink, password: string): Promise<VerifyAccountOutcome> {
  const created = await completeWithPassword(link, password);
  // 409: the address already has a confirmed account, whose owner signs in to it instead.
  if (!created.ok) return created.status === 409 ? { kind: "already-registered" } : { kind: "sign-up-failed", message: created.message };
  const signIn = await createClient().auth.signInWithPassword({ email: link.email, password });
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
