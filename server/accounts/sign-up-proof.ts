import "server-only";
import type { User } from "@supabase/supabase-js";
import { publicEnv } from "@/lib/public-env";
import { forgetSignUpProofs, hasSignUpProof, recordSignUpProof } from "../db/accounts/sign-up-proofs";
import { log } from "../log";
import { hashSecretToken, newSecretToken } from "../security/secret-tokens";
import { createAdminClient } from "../supabase/admin";
import type { CookieJar } from "../supabase/server";

// D2: Supabase confirms an unconfirmed account with whatever password its first sign-up set,
// and later sign-ups for the address change nothing. So the password survives confirmation only
// in the browser whose sign-up set it; that browser holds a random id in an httpOnly cookie that
// only /auth/confirm receives, and the database keeps the id's hash against the account.

export const SIGN_UP_BROWSER_COOKIE = "gc_sign_up_browser";
// Supabase's email links live an hour by default and a day at most.
const PROOF_HOURS = 24;
const BROWSER_ID = /^[A-Za-z0-9_-]{43}$/;

/** This browser's id: the one it already has, or a new one; (re)set for another day either way. */
function browserId(jar: CookieJar): string {
  const existing = jar.getAll().find((cookie) => cookie.name === SIGN_UP_BROWSER_COOKIE)?.value;
  const id = existing && BROWSER_ID.test(existing) ? existing : newSecretToken();
  jar.set(SIGN_UP_BROWSER_COOKIE, id, {
    httpOnly: true,
    sameSite: "lax",
    secure: new URL(publicEnv.siteUrl).protocol === "https:",
    path: "/auth/confirm",
    maxAge: PROOF_HOURS * 3600,
  });
  return id;
}

/**
 * Whether the unconfirmed account with this address holds exactly this password. Supabase checks
 * the password before the confirmation, so 'email_not_confirmed' means it does.
 */
async function holdsPassword(email: string, password: string): Promise<boolean> {
  const admin = createAdminClient();
  const { data, error } = await admin.auth.signInWithPassword({ email, password });
  // Confirmed meanwhile (another tab's link): nothing left to prove; drop the session just made.
  if (data.session) await admin.auth.admin.signOut(data.session.access_token, "local");
  return error?.code === "email_not_confirmed";
}

/**
 * After a sign-up: when the account it answered with is unconfirmed and holds the password this
 * browser just sent, this browser may keep that password through confirmation.
 */
export async function rememberSignUpBrowser(jar: CookieJar, user: User | null, email: string, password: string): Promise<void> {
  // Set on every sign-up, so the answer tells nothing about the address or the password.
  const id = browserId(jar);
  // A confirmed address is answered with a made-up user without identities: nothing to prove.
  if (!user || user.email_confirmed_at || !user.identities?.length) return;
  try {
    if (await holdsPassword(email, password)) await recordSignUpProof(user.id, hashSecretToken(id));
  } catch (error) {
    // Without a proof the link still works; the password is then chosen again after confirming.
    log.error("Could not record the sign-up's browser", { error });
  }
}

/** Whether the browser that sent this cookie value set the account's password. */
export async function signedUpInThisBrowser(cookieValue: string | undefined, userId: string): Promise<boolean> {
  if (!cookieValue || !BROWSER_ID.test(cookieValue)) return false;
  return hasSignUpProof(userId, hashSecretToken(cookieValue), PROOF_HOURS);
}

/** Once the address is confirmed, the account's proofs are spent. */
export function forgetSignUpBrowsers(userId: string): Promise<void> {
  return forgetSignUpProofs(userId, PROOF_HOURS);
}
