// POST /api/social-posts/{id}/regenerate - a new version of the post from the story and the inputs.
import { regenerateRequestSchema, regenerateResultSchema, socialPostParamsSchema } from "@/lib/posts/post-schemas";
import { route } from "@/server/http";
import { regeneratePost } from "@/server/posts/edit-post";
import { socialPostLimits } from "@/server/http/rate-limits";

export const POST = route(
  {
    params: socialPostParamsSchema,
    body: regenerateRequestSchema,
    auth: "optional",
    rateLimits: socialPostLimits.regenerate,
    response: regenerateResultSchema,
  },
  async ({ params, body }) => regeneratePost(params.id, body.token, body.user_input),
);
