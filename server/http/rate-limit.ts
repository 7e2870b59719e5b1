import "server-only";
import { recordHit, type WindowCount } from "../db/rate-limits";
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
 * A limit as a route declares it (server/http/rate-limits.ts). Without `per` it counts per client
 * address; with `per`, per a key taken from the request's context (`Context`: the parsed body, the
 * signed-in user, the address's parameters), an email address or an account id, say. With
 * `onCacheMiss` it is taken only when the handler says its answer could not be served from a cache
 * (`ctx.cacheMiss()`), so answers the app keeps cost nothing against it.
 */
export type RouteRateLimit<Context = unknown> = RateLimit & {
  per?: (context: Context) => string;
  onCacheMiss?: boolean;
};

type LimitedRequest = { headers: Pick<Headers, "get"> };

/**
 * Whether a request passes a sliding window of `limit` requests per `windowSeconds`, estimated from
 * two fixed windows: the previous window's count weighted by how much of it still overlaps the
 * sliding window, plus the current window's. Unlike a bare fixed window, a burst just before a window
 * ends and another just after it cannot pass twice the limit. The previous window counts at most
 * `limit` requests, so a client that kept knocking after its 429s is not locked out for longer.
 * Over the limit, `retryAfterSeconds` is when the next request would pass (this one counted too).
 */
export function slidingWindowVerdict(
  count: WindowCount,
  limit: Pick<RateLimit, "limit" | "windowSeconds">,
): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
  const window = limit.windowSeconds;
  const elapsed = Math.min(Math.max(count.elapsedSeconds, 0), window);
  const previous = Math.min(count.previousHits, limit.limit);
  if (previous * (1 - elapsed / window) + count.hits <= limit.limit) return { allowed: true };
  const next = count.hits + 1;
  const waitSeconds =
    next <= limit.limit
      ? // Within this window the estimate falls only as the previous window slides out of it.
        (1 - (limit.limit - next) / previous) * window - elapsed
      : // This window is spent: the next one opens as this window's (capped) count slides out.
        window - elapsed + window / limit.limit;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitSeconds)) };
}

/**
 * Counts the request against its limit, per client address unless another key is given (an email
 * address, say); over the limit it throws 429 with Retry-After. Requests whose address is unknown
 * (no trusted header, see TRUSTED_CLIENT_IP_HEADER) share one bucket.
 */
export async function enforceRateLimit(request: LimitedRequest, limit: RateLimit, key?: string): Promise<void> {
  const client = rateLimitClientKey(clientAddress(request.headers));
  const bucket = key === undefined ? client : limit.alsoPerClient ? `${key}|${client}` : key;
  const count = await recordHit(`${limit.name}:${bucket}`, limit.windowSeconds);
  const verdict = slidingWindowVerdict(count, limit);
  if (!verdict.allowed) {
    throw new ApiError("rate_limited", "Too many requests. Please wait a moment and try again.", {
      headers: { "retry-after": String(verdict.retryAfterSeconds) },
    });
  }
}

/**
 * Counts the request against each of `limits` in turn, as route() takes them: each per the key its
 * `per` takes from `context` (only such limits need one), else per client address; the first one
 * over its limit throws 429.
 */
export async function takeRateLimits<Req extends LimitedRequest, Context>(
  request: Req,
  limits: readonly RouteRateLimit<Context>[],
  context?: Context,
  enforce: (request: Req, limit: RateLimit, key?: string) => Promise<void> = enforceRateLimit,
): Promise<void> {
  for (const limit of limits) {
    if (limit.per) await enforce(request, limit, limit.per(context as Context));
    else await enforce(request, limit);
  }
}
