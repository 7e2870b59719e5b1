// GET /api/social-posts/cards/{key} - a post's share card as a PNG, drawn by the app.
import { shareCardParamsSchema } from "@/lib/posts/post-schemas";
import { route } from "@/server/http";
import { socialPostLimits } from "@/server/http/rate-limits";
import { shareCard } from "@/server/posts/share-card";

export const GET = route(
  { params: shareCardParamsSchema, response: "image", rateLimits: socialPostLimits.card },
  async ({ params, request }) => shareCard(request, params.key),
);
