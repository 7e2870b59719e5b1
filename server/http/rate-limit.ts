import "server-only";
import { pruneHits, recordHit } from "../db/rate-limits";
import { ApiError } from "./api-error";

export type RateLimit = { name: string; limit: number; windowSeconds: number };

/**
 * The caller's address as the proxy in front of us saw it: X-Real-IP where the platform sets it,
 * else the right-most X-Forwarded-For entry (the one our own proxy appended; entries to its left
 * come from the client and could be made up). Requests without either share one bucket.
 */
export function clientAddress(request: Request): string {
  const realIp = request.headers.get("x-real-ip")?.trim();
  const forwarded = request.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
  const address = realIp || forwarded;
  return address && address.length <= 64 ? address : "unknown";
}

/**
 * Counts the request against its limit, per client address unless another key is given (an email
 * address, say); over the limit it throws 429 with Retry-After.
 */
export async function enforceRateLimit(request: Request, limit: RateLimit, key = clientAddress(request)): Promise<void> {
  const { hits, resetAt } = await recordHit(`${limit.name}:${key}`, limit.windowSeconds);
  // Roughly one request in a hundred also clears out old windows.
  if (Math.random() < 0.01) void pruneHits().catch(() => {});
  if (hits > limit.limit) {
    const retryAfter = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
    throw new ApiError("rate_limited", "Too many requests. Please wait a moment and try again.", {
      headers: { "retry-after": String(retryAfter) },
    });
  }
}
