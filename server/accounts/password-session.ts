import "server-only";
import { cookies } from "next/headers";
import type { SignInInput, SignUpInput } from "@/lib/auth/auth-schemas";
import { createAuthClient, type CookieJar } from "../supabase/server";
import { toApiError } from "./auth-service-error";
import { emailLinkRedirect } from "./redirects";
import { rememberSignUpBrowser } from "./sign-up-proof";

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
 * an account, so the form cannot be used to find out who is a member. The confirmation link goes
 * to /auth/confirm; `jar` is this browser's cookies (the request's by default).
 */
export async function signUpWithPassword({ email, password, next }: SignUpInput, jar?: CookieJar): Promise<{ status: "check_email" }> {
  const browser = jar ?? (await cookies());
  const supabase = await createAuthClient(jar);
  const { data, error } = await supabase.auth.signUp({
    email,
    password,
    options: { emailRedirectTo: emailLinkRedirect(next) },
  });
  if (error && error.code !== "user_already_exists") throw toApiError(error, "sign-up");
  await rememberSignUpBrowser(browser, data.user, email, password);
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
