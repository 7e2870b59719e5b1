import "server-only";
import { postMessages } from "@/lib/posts/post-messages";
import { socialPostParamsSchema, socialPostQuerySchema, socialPostSchema, type EditPostInitial } from "@/lib/posts/post-schemas";
import { ApiError } from "../http/api-error";
import { takeRateLimits } from "../http/rate-limit";
import { socialPostLimits } from "../http/rate-limits";
import { getPostForEditing } from "./edit-post";

/** The edit link's two query parameters, as the page read them. */
export type EditLinkParams = { post?: string; token?: string };

/**
 * The /edit-post server render: the same rules as GET /api/social-posts/{id}?token= (the link's
 * shape, the per-address read limit, the live token, the answer's schema), so the page is no easier
 * a way to try tokens than the API. The editor's HTML then arrives with the post in it. A page is
 * not a route(), so it takes the API's limits through the helper route() takes them with.
 */
export async function loadPostForEditPage(link: EditLinkParams, requestHeaders: Pick<Headers, "get">): Promise<EditPostInitial> {
  const postId = link.post?.trim() ?? "";
  const token = link.token?.trim() ?? "";
  if (postId === "" || token === "") return null;
  const params = socialPostParamsSchema.safeParse({ id: postId });
  const query = socialPostQuerySchema.safeParse({ token });
  if (!params.success || !query.success) return { error: postMessages.invalidEditLink };
  try {
    await takeRateLimits({ headers: requestHeaders }, socialPostLimits.read);
    return { post: socialPostSchema.parse(await getPostForEditing(params.data.id, query.data.token)) };
  } catch (error) {
    if (error instanceof ApiError) return { error: error.message };
    throw error;
  }
}
