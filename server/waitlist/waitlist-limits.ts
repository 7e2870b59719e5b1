import "server-only";
import type { RateLimit } from "../http/rate-limit";

// Per client address, like the campaign forms': enough for a household, too few to flood a
// cohort's queue (each address is also sent at most one confirmation a day, D18).
export const waitlistJoinLimits: RateLimit[] = [{ name: "cohort-waitlist", limit: 5, windowSeconds: 600 }];
// A link is used once or twice; more from one address is someone guessing tokens.
export const waitlistConfirmationLimits: RateLimit[] = [{ name: "waitlist-confirmation", limit: 20, windowSeconds: 600 }];
