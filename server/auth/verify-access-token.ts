import "server-only";
import { ApiError } from "../http/api-error";
import type { AuthUser } from "../http/route";

/**
 * Verifies a Supabase access token and returns the signed-in user. Token verification arrives with
 * the Supabase Auth integration (getClaims against the JWKS); until then every token is refused, so
 * no protected endpoint can be reached with an unchecked token.
 */
export async function verifyAccessToken(token: string): Promise<AuthUser> {
  void token;
  throw new ApiError("invalid_token", "Sign-in is not available yet.");
}
