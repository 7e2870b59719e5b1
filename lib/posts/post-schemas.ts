import * as z from "zod/mini";
import { MAX_POST_IMAGES, POST_CONTENT_MAX, STORY_MESSAGE_MAX, USER_INPUT_MAX, plainText } from "./post-rules";

// SPEC §7 social-post calls: what they take and what they answer inside `{ data }`. The routes
// parse requests and shape answers with these; the edit-post page parses the answers with them.

const text = (max: number, what: string) =>
  z.pipe(z.string().check(z.maxLength(max, `${what} must be at most ${max} characters.`)), z.transform(plainText));

export const storySenderSchema = z.enum(["user", "mini_assistant"]);

export const storyMessageSchema = z.object({
  content: text(STORY_MESSAGE_MAX, "A story message"),
  sender: storySenderSchema,
});

export const socialPostParamsSchema = z.object({ id: z.uuid({ error: "The post id must be a UUID." }) });

export const shareCardParamsSchema = z.object({ key: z.uuid({ error: "The card address is not valid." }) });

/** The edit token from the link: opaque to the browser; any wrong value is refused as an invalid link. */
export const editTokenSchema = z
  .string({ error: "The edit token is required." })
  .check(z.trim(), z.minLength(1, "The edit token is required."), z.maxLength(200, "The edit token is not valid."));

export const socialPostQuerySchema = z.object({ token: editTokenSchema });

export const regenerateRequestSchema = z.object({
  token: editTokenSchema,
  user_input: z._default(text(USER_INPUT_MAX, "Your inputs"), ""),
});

export const shareRequestSchema = z.object({ token: editTokenSchema });

export const postImageSchema = z.object({ url: z.string().check(z.minLength(1)), description: z.string() });

/** GET /api/social-posts/{id}: SPEC §3 Post. */
export const socialPostSchema = z.object({
  id: z.uuid(),
  content: z.string().check(z.maxLength(POST_CONTENT_MAX)),
  referral_link: z.string(),
  user_inputs: z.string(),
  num_of_regen: z.int().check(z.nonnegative()),
  images: z.array(postImageSchema).check(z.maxLength(MAX_POST_IMAGES)),
  story_messages: z.array(z.object({ content: z.string(), sender: storySenderSchema })),
  shared_at: z.nullable(z.string()),
});

/** POST /api/social-posts/{id}/regenerate. */
export const regenerateResultSchema = z.object({ new_content: z.string(), num_of_regen: z.int().check(z.nonnegative()) });

/** POST /api/social-posts/{id}/share. */
export const shareResultSchema = z.object({ shared_at: z.string() });

export type SocialPost = z.output<typeof socialPostSchema>;
export type RegenerateResult = z.output<typeof regenerateResultSchema>;
export type ShareResult = z.output<typeof shareResultSchema>;

/**
 * What the /edit-post page's server render hands the editor: the post behind the link, or the message
 * the API would have answered with; null when the link lacks its post or token (the page says so).
 */
export type EditPostInitial = { post: SocialPost } | { error: string } | null;
