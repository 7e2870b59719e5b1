import * as z from "zod/mini";

/** GET /api/users/me/story-post: the edit link of the member's newest /story post, while it works. */
export const storyPostLinkSchema = z.object({ editLink: z.nullable(z.string()) });

export type StoryPostLinkResponse = z.output<typeof storyPostLinkSchema>;
