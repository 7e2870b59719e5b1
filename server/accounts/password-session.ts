import "server-only";
import type { SignInInput, SignUpInput } from "@/lib/auth/auth-schemas";
import { createAuthClient } from "../supabase/server";
import { toApiError } from "./auth-service-error";
import { callbackUrl } from "./redirects";

export type SignedInUser = { id: string; email: string | null };

/** Password sign-in; the session lands in this response's cookies. */
export async function signInWithPassword({ email, password }: SignInInput): Promise<{ user: SignedInUser }> {
  const supabase = await createAuthClient();
  const { data, error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw toApiError(error, "sign-in");
  return { user: { id: data.user.id, email: data.user.email ?? null } };
}

/**
 * Sign-up with email confirmation. The answer is the same whether or not the address already has
 * an account, so the form cannot be used to find out who is a member.
 */
export async function signUpWithPassword({ email, password, next }: SignUpInput): Promise<{ status: "check_email" }> {
  const supabase = await createAuthClient();
  const { error } = await supabase.auth.signUp({
    email,
    password,
    options: { emailRedirectTo: callbackUrl(next) },
  });
  if (error && error.code !== "user_already_exists") throw toApiError(error, "sign-up");
  return { status: "check_email" };
}

/** Ends the session on the auth service and clears the cookies. */
export async function signOut(): Promise<{ signedOut: true }> {
  const supabase = await createAuthClient();
  const { error } = await supabase.auth.signOut();
  // SPEC §4: a session the service no longer knows is still removed locally.
  if (error && ![401, 403, 404].includes(error.status ?? 0)) throw toApiError(error, "sign-out");
  return { signedOut: true };
}
