import "server-only";
import { pruneHits, recordHit } from "../db/rate-limits";
import { ApiError } from "./api-error";
import { clientAddress, rateLimitClientKey } from "./client-address";

export type RateLimit = {
  name: string;
  limit: number;
  windowSeconds: number;
  /**
   * With a key (an email address, say): count per that key *and* the client address, so a stranger
   * using up an account's budget from elsewhere does not lock its owner out.
   */
  alsoPerClient?: boolean;
};

/**
 * Counts the request against its limit, per client address unless another key is given (an email
 * address, say); over the limit it throws 429 with Retry-After. Requests whose address is unknown
 * (no trusted header, see TRUSTED_CLIENT_IP_HEADER) share one bucket.
 */
export async function enforceRateLimit(request: { headers: Pick<Headers, "get"> }, limit: RateLimit, key?: string): Promise<void> {
  const client = rateLimitClientKey(clientAddress(request.headers));
  const bucket = key === undefined ? client : limit.alsoPerClient ? `${key}|${client}` : key;
  const { hits, resetAt } = await recordHit(`${limit.name}:${bucket}`, limit.windowSeconds);
  // Roughly one request in a hundred also clears out old windows.
  if (Math.random() < 0.01) void pruneHits().catch(() => {});
  if (hits > limit.limit) {
    const retryAfter = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
    throw new ApiError("rate_limited", "Too many requests. Please wait a moment and try again.", {
      headers: { "retry-after": String(retryAfter) },
    });
  }
}
