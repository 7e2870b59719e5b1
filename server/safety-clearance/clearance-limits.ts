import "server-only";
import type { RateLimit } from "../http/rate-limit";

// Per client address, like the campaign and waitlist forms': enough for a household, too few to
// make the form a way to flood inboxes (each inbox also gets at most one link a day, three a week).
export const clearanceRequestLimits: RateLimit[] = [{ name: "safety-clearance", limit: 5, windowSeconds: 600 }];
// A link is used once or twice; more from one address is someone guessing tokens.
export const clearanceConfirmationLimits: RateLimit[] = [{ name: "safety-clearance-confirmation", limit: 20, windowSeconds: 600 }];
