"use client";

/**
 * POST /api/referral/visit: tells the server a visitor arrived through an affiliate link, so it
 * counts the visit (once per visitor) and remembers it for checkout. Best effort: a failure only
 * means one uncounted visit, so nothing is shown. It is the one call not made through apiRequest:
 * nothing is read from the answer, and `keepalive` lets it finish while the visitor moves on.
 */
export function recordReferralVisit(via: string): void {
  void fetch("/api/referral/visit", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ via }),
    keepalive: true,
  }).catch(() => {});
}
