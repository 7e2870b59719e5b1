import "server-only";
import type { AuthUser } from "../auth/auth-user";
import { toApiError } from "../accounts/auth-service-error";
import { recordFreshSignIn, signInEmailOf } from "../db/operator-fresh-sign-ins";
import { ApiError, OPERATORS_ONLY_MESSAGE } from "../http/api-error";
import { clientAddress } from "../http/client-address";
import { enforceRateLimit, type RateLimit } from "../http/rate-limit";
import { log } from "../log";
import { createSessionClient, type CookieJar } from "../supabase/server";

// D17: a money action needs the operator's password again within 10 minutes, in the same session.

/**
 * Every attempt counts, a wrong password above all: per address, per account from each address,
 * and per account from anywhere. Only a holder of the account's own session can spend the last
 * one (the route is for operators), so it locks out no stranger's victim, only a stolen token's
 * password guessing from many addresses.
 */
export const FRESH_SIGN_IN_LIMITS: { limit: RateLimit; perAccount: boolean }[] = [
  { limit: { name: "fresh-sign-in-ip", limit: 30, windowSeconds: 900 }, perAccount: false },
  { limit: { name: "fresh-sign-in-account", limit: 5, windowSeconds: 900, alsoPerClient: true }, perAccount: true },
  { limit: { name: "fresh-sign-in-account-total", limit: 20, windowSeconds: 3600 }, perAccount: true },
];

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
 * once: only the session the operator already has gains anything.
 */
export async function confirmFreshSignIn(user: AuthUser, password: string, request: Request): Promise<{ confirmedUntil: string }> {
  if (!user.sessionId) throw new ApiError("forbidden", OPERATORS_ONLY_MESSAGE);
  for (const { limit, perAccount } of FRESH_SIGN_IN_LIMITS) await enforceRateLimit(request, limit, perAccount ? user.id : undefined);
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
