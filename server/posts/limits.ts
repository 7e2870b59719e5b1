import "server-only";
import type { RateLimit } from "../http/rate-limit";

// Per client address. Each regeneration may call a paid text generator, so it has the tightest
// budget; the per-post cap (MAX_REGENERATIONS) bounds it further.
export const socialPostLimits = {
  read: [{ name: "social-post-read", limit: 60, windowSeconds: 60 }],
  regenerate: [{ name: "social-post-regenerate", limit: 20, windowSeconds: 600 }],
  share: [{ name: "social-post-share", limit: 30, windowSeconds: 600 }],
  card: [{ name: "social-post-card", limit: 300, windowSeconds: 300 }],
} satisfies Record<string, RateLimit[]>;
