import { tooManyRequests } from "./auth-error";

/** Per-IP and per-address budgets (fixed windows, in memory: this is a development stand-in). */
export type RateLimits = {
  /** Password, PKCE, verify and anonymous sign-ins per IP per window. */
  signInsPerWindow: number;
  /** Refresh-token grants per IP per window. */
  refreshesPerWindow: number;
  /** Sign-ups and email-sending requests per IP per window. */
  signUpsPerWindow: number;
  windowSeconds: number;
  /** Emails (confirmation, magic link, recovery) per address per hour. */
  emailsPerHour: number;
};

export const DEFAULT_RATE_LIMITS: RateLimits = {
  signInsPerWindow: 60,
  refreshesPerWindow: 300,
  signUpsPerWindow: 60,
  windowSeconds: 300,
  emailsPerHour: 10,
};

type Bucket = { windowStart: number; count: number };

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    readonly limits: RateLimits,
    private readonly now: () => number,
  ) {}

  private take(key: string, limit: number, windowMs: number): number | null {
    const now = this.now();
    let bucket = this.buckets.get(key);
    if (!bucket || now - bucket.windowStart >= windowMs) {
      bucket = { windowStart: now, count: 0 };
      this.buckets.set(key, bucket);
    }
    if (bucket.count >= limit) return (bucket.windowStart + windowMs - now) / 1000;
    bucket.count += 1;
    if (this.buckets.size > 10_000) this.prune(now, windowMs);
    return null;
  }

  private prune(now: number, windowMs: number): void {
    for (const [key, bucket] of this.buckets) if (now - bucket.windowStart >= windowMs) this.buckets.delete(key);
  }

  /** Throws 429 `over_request_rate_limit` once the IP has used its budget for `kind`. */
  request(kind: "signIns" | "refreshes" | "signUps", ip: string): void {
    const limit = this.limits[`${kind}PerWindow`];
    const retryAfter = this.take(`${kind}:${ip}`, limit, this.limits.windowSeconds * 1000);
    if (retryAfter !== null) throw tooManyRequests("over_request_rate_limit", "Request rate limit reached", retryAfter);
  }

  /** Throws 429 `over_email_send_rate_limit` once the address has had its emails for the hour. */
  email(address: string): void {
    const retryAfter = this.take(`email:${address.toLowerCase()}`, this.limits.emailsPerHour, 3_600_000);
    if (retryAfter !== null) throw tooManyRequests("over_email_send_rate_limit", "email rate limit exceeded", retryAfter);
  }
}
