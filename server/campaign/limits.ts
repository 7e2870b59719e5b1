import "server-only";
import type { RateLimit } from "../http/rate-limit";

// Per client address: enough for a family sharing a connection, too few to farm pledge numbers or
// flood the campaign team's inbox.
export const pledgeLimits: RateLimit[] = [{ name: "campaign-pledge", limit: 10, windowSeconds: 600 }];
export const storyLimits: RateLimit[] = [{ name: "campaign-story", limit: 10, windowSeconds: 600 }];
export const storyContactLimits: RateLimit[] = [{ name: "campaign-story-contact", limit: 5, windowSeconds: 600 }];
export const partnerLimits: RateLimit[] = [{ name: "campaign-partner", limit: 5, windowSeconds: 600 }];
export const contactLimits: RateLimit[] = [{ name: "campaign-contact", limit: 5, windowSeconds: 600 }];
// A signed upload URL can take a whole 100 MB file whatever size was announced for it (Storage knows
// no limit per URL), until the story check or the clean-up deletes it: so URLs are also counted per day.
export const storyUploadLimits: RateLimit[] = [
  { name: "campaign-story-upload", limit: 10, windowSeconds: 600 },
  { name: "campaign-story-upload-day", limit: 30, windowSeconds: 86_400 },
];
// A link is used once or twice; more from one address is someone guessing tokens.
export const confirmationLimits: RateLimit[] = [{ name: "campaign-confirmation", limit: 20, windowSeconds: 600 }];
// Drawing a share card takes 120-250 ms of CPU: counted only when one is drawn, not when it is answered from memory.
export const pledgeCardLimits: RateLimit[] = [{ name: "campaign-pledge-card", limit: 120, windowSeconds: 60 }];
