import "server-only";
import { isAuthSessionLive } from "../db/accounts/auth-sessions";
import { ApiError } from "../http/api-error";
import type { AuthUser } from "./auth-user";
import { INVALID_TOKEN } from "./verify-access-token";

/**
 * An access token is verified locally and stays valid for its hour, on every instance,
 * after its member signed out or was deleted. Routes that move money, show billing details or who
 * the member is, hand out a credential, or change what is linked to the member
 * (`route({ liveSession: true })`, listed in docs/security.md) also ask the database that the
 * token's session still exists; a token without a session, or whose session ended, is a 401.
 */
export async function requireLiveSession(user: AuthUser): Promise<void> {
  if (!user.sessionId || !(await isAuthSessionLive(user.id, user.sessionId))) throw new ApiError("invalid_token", INVALID_TOKEN);
}
