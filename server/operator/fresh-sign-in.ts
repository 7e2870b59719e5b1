import "server-only";
import type { AuthUser } from "../auth/auth-user";
import { toApiError } from "../accounts/auth-service-error";
import { recordFreshSignIn, signInEmailOf } from "../db/accounts/operator-fresh-sign-ins";
import { ApiError, OPERATORS_ONLY_MESSAGE } from "../http/api-error";
import { clientAddress } from "../http/client-address";
import { log } from "../log";
import { createSessionClient, type CookieJar } from "../supabase/server";

// D17: a money action needs the operator's password again within 10 minutes, in the same session.

/** A jar that lives for one call: the extra session's cookies never reach the browser. */
function throwawayJar(): CookieJar {
  const cookies = new Map<string, string>();
  return {
    getAll: () => [...cookies].map(([name, value]) => ({ name, value })),
    set: (name, value) => void cookies.set(name, value),
  };
}

/**
 * Checks the operator's password with the auth service as a sign-in does (its own limits apply to
 * the operator's address), then marks this session fresh. The sign-in the check makes is ended at
 * once: only the session the operator already has gains anything. Every attempt is counted against
 * the route's limits first (server/http/rate-limits.ts freshSignInLimits).
 */
export async function confirmFreshSignIn(user: AuthUser, password: string, request: Request): Promise<{ confirmedUntil: string }> {
  if (!user.sessionId) throw new ApiError("forbidden", OPERATORS_ONLY_MESSAGE);
  const email = await signInEmailOf(user.id);
  if (!email) throw new ApiError("forbidden", OPERATORS_ONLY_MESSAGE);
  const supabase = createSessionClient(throwawayJar(), clientAddress(request.headers));
  const { data, error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw toApiError(error, "fresh sign-in");
  const { error: signOutError } = await supabase.auth.signOut({ scope: "local" });
  if (signOutError) log.warn("The session a fresh sign-in opened could not be ended", { userId: user.id, error: signOutError });
  if (data.user.id !== user.id) throw new ApiError("forbidden", OPERATORS_ONLY_MESSAGE);
  const until = await recordFreshSignIn(user.id, user.sessionId);
  return { confirmedUntil: until.toISOString() };
}
