import "server-only";
import postgres from "postgres";
import type { StoryInput } from "@/lib/posts/story-schema";
import { latestStoryPost, recordStoryPost, storyPostByTokenHash, storyPostOfUpdate } from "../db/telegram/telegram-stories";
import { hashSecretToken, serverSignature } from "../security/secret-tokens";
import { createSocialPost } from "./create-social-post";
import { EDIT_LINK_TTL_DAYS, editPostLink, type EditToken } from "./edit-token";

// D16: the post a /story conversation ends with is made once per update, however often the
// update is retried (its reply may fail and be sent again), and its edit link can be given again:
// to that retry and on the member's dashboard. The token is derived from the update id and the
// member with a server key (HMAC-SHA-256, 256 bits), as set-up links are from their order; only its hash is stored.

/** The edit token of the member's post made by this update: the same every time. */
export function storyEditToken(updateId: number, ownerId: string): string {
  return serverSignature("glucosechallenge coach bot story post", `story-post:${updateId}:${ownerId}`);
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof postgres.PostgresError && error.code === "23505";
}

/**
 * The social post of a /story conversation (D7), made by the update carrying its last answer: a
 * retry finds the post the first attempt made (by its token's hash, even when the process died
 * before the post was recorded against the update) and gives the same link.
 */
export async function storyPostFor(updateId: number, ownerId: string, story: StoryInput): Promise<{ postId: string; editLink: string }> {
  const token = storyEditToken(updateId, ownerId);
  const hash = hashSecretToken(token);
  let postId = await storyPostByTokenHash(hash, ownerId);
  if (!postId) {
    const editToken: EditToken = { token, hash, expiresAt: new Date(Date.now() + EDIT_LINK_TTL_DAYS * 24 * 3600_000) };
    try {
      postId = (await createSocialPost(story, { editToken })).postId;
    } catch (error) {
      // Another attempt of the same update made it first.
      postId = isUniqueViolation(error) ? await storyPostByTokenHash(hash, ownerId) : null;
      if (!postId) throw error;
    }
  }
  await recordStoryPost(postId, updateId, ownerId);
  return { postId, editLink: editPostLink(postId, token) };
}

/** The edit link of the member's post an update already made, or null when it made none. */
export async function storyPostLinkOfUpdate(updateId: number, ownerId: string): Promise<string | null> {
  const postId = await storyPostOfUpdate(updateId, ownerId);
  return postId ? editPostLink(postId, storyEditToken(updateId, ownerId)) : null;
}

/** The member's newest /story post's edit link while it works, or null. */
export async function latestStoryPostLink(userId: string): Promise<string | null> {
  const latest = await latestStoryPost(userId);
  return latest ? editPostLink(latest.postId, storyEditToken(latest.updateId, userId)) : null;
}
