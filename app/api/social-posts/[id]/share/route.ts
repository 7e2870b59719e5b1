// POST /api/social-posts/{id}/share - marks the post shared once its text is copied.
import { shareRequestSchema, shareResultSchema, socialPostParamsSchema } from "@/lib/posts/post-schemas";
import { route } from "@/server/http";
import { sharePost } from "@/server/posts/edit-post";
import { socialPostLimits } from "@/server/http/rate-limits";

export const POST = route(
  {
    params: socialPostParamsSchema,
    body: shareRequestSchema,
    auth: "optional",
    rateLimits: socialPostLimits.share,
    response: shareResultSchema,
  },
  async ({ params, body }) => sharePost(params.id, body.token),
);
