// GET /api/social-posts/{id}?token= - the post behind an edit link (SPEC §7; optional auth).
import { socialPostParamsSchema, socialPostQuerySchema, socialPostSchema } from "@/lib/posts/post-schemas";
import { route } from "@/server/http";
import { getPostForEditing } from "@/server/posts/edit-post";
import { socialPostLimits } from "@/server/http/rate-limits";

export const GET = route(
  {
    params: socialPostParamsSchema,
    query: socialPostQuerySchema,
    auth: "optional",
    rateLimits: socialPostLimits.read,
    response: socialPostSchema,
  },
  async ({ params, query }) => getPostForEditing(params.id, query.token),
);
