// GET /api/users/me/story-post - the edit link of the post the coach bot made from the member's /story.
import { storyPostLinkSchema } from "@/lib/telegram/story-post-schema";
import { route } from "@/server/http";
import { memberStoryPostLink } from "@/server/telegram/member-telegram";

export const GET = route({ auth: "required", liveSession: true, response: storyPostLinkSchema }, ({ user }) => memberStoryPostLink(user));
