import "server-only";
import { createClient } from "../supabase/server";
import { authUserFromClaims, type AuthUser } from "./auth-user";
import { sessionClaims } from "./verified-tokens";

/**
 * The member signed in on this request (the session cookie, verified with getClaims() like the
 * proxy does; its check is remembered for a minute at most), or null when nobody is. For pages;
 * route handlers get theirs from `route({ auth })`.
 */
export async function currentUser(): Promise<AuthUser | null> {
  const supabase = await createClient();
  const claims = await sessionClaims(supabase.auth);
  return claims?.sub ? authUserFromClaims(claims) : null;
}
