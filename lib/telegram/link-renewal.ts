// The walkthrough's one-time links (the QR's, 15 min on the server; the bot's start link,
// 30 min) are renewed a minute before their `expiresAt`, and one that has lapsed is never shown.

/** How long before its `expiresAt` a link is replaced. */
export const RENEW_BEFORE_MS = 60_000;
/** However far the browser's clock is from the server's, a link is asked for at most this often. */
export const MIN_RENEWAL_MS = 30_000;

type IssuedLink = { expiresAt: string; receivedAt: number };

const expiry = (expiresAt: string) => Date.parse(expiresAt);

/** Milliseconds from `now` until the link is due for renewal (0 when it is due already). */
export function renewalDelay({ expiresAt, receivedAt }: IssuedLink, now: number): number {
  const due = Math.max(expiry(expiresAt) - RENEW_BEFORE_MS, receivedAt + MIN_RENEWAL_MS);
  return Number.isFinite(due) ? Math.max(due - now, 0) : Math.max(receivedAt + MIN_RENEWAL_MS - now, 0);
}

/**
 * Whether the link may still be shown at `now`: before its `expiresAt`. A link that looked lapsed
 * the moment it arrived says the browser's clock is not the server's; the server has just issued
 * it, so it is shown until its renewal.
 */
export function linkUsable({ expiresAt, receivedAt }: IssuedLink, now: number): boolean {
  const end = expiry(expiresAt);
  if (!Number.isFinite(end)) return false;
  return now < end || receivedAt >= end;
}
