"use client";

import { postBeacon } from "@/components/api/post-beacon";

/**
 * POST /api/referral/visit: tells the server a visitor arrived through an affiliate link, so it
 * counts the visit (once per visitor) and remembers it for checkout. A failure only means one
 * uncounted visit, so it is sent as a beacon.
 */
export function recordReferralVisit(via: string): void {
  postBeacon("/api/referral/visit", { via });
}
