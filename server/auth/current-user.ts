import "server-only";
import { createClient } from "../supabase/server";
import { authUserFromClaims, type AuthUser } from "./auth-user";

/**
 * The member signed in on this request (the session cookie, verified with getClaims() like the
 * proxy does), or null when nobody is. For pages; route handlers get theirs from `route({ auth })`.
 */
export async function currentUser(): Promise<AuthUser | null> {
  const supabase = await createClient();
  const { data } = await supabase.auth.getClaims();
  const claims = data?.claims;
  return claims?.sub ? authUserFromClaims(claims) : null;
}
