import "server-only";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { publicEnv } from "@/lib/public-env";
import { ApiError } from "../http/api-error";
import { WebSocketTransport } from "../supabase/websocket-transport";
import { authUserFromClaims, type AuthUser } from "./auth-user";
import { verifiedTokenClaims } from "./verified-tokens";

export const INVALID_TOKEN = "Your session is invalid or has expired. Please sign in again.";

let verifier: SupabaseClient | undefined;

/** A client that only verifies tokens: no session, no storage, so one serves every request. */
function tokenVerifier(): SupabaseClient {
  verifier ??= createClient(publicEnv.supabaseUrl, publicEnv.supabaseAnonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocketTransport },
  });
  return verifier;
}

/**
 * DESIGN §3: access tokens are verified with getClaims(): the signature against the Auth
 * service's published keys (JWKS, cached 10 minutes by supabase-js), the expiry, and here also the
 * issuer and audience, so a token from another project or a tampered one is refused. A token
 * verified within the last minute and not yet expired is not checked again (verified-tokens.ts).
 */
export async function verifyAccessToken(token: string): Promise<AuthUser> {
  const claims = await verifiedTokenClaims(tokenVerifier().auth, token);
  if (!claims) throw new ApiError("invalid_token", INVALID_TOKEN);
  const issuerOk = claims.iss === `${publicEnv.supabaseUrl}/auth/v1`;
  const audienceOk = Array.isArray(claims.aud) ? claims.aud.includes("authenticated") : claims.aud === "authenticated";
  if (!issuerOk || !audienceOk || typeof claims.sub !== "string") throw new ApiError("invalid_token", INVALID_TOKEN);
  return authUserFromClaims(claims);
}
