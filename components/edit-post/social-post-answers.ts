import { regenerateResultSchema, shareResultSchema, socialPostSchema } from "@/lib/posts/post-schemas";

// What each social-post call answers inside `{ data }`. Loaded with the first call (the session is
// made off the first paint at the same time), so the editor paints and hydrates without the schema
// library: the post it shows first came with the page.
export const socialPostAnswers = {
  post: socialPostSchema,
  regenerate: regenerateResultSchema,
  share: shareResultSchema,
};
