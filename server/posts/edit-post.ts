import "server-only";
import { postMessages } from "@/lib/posts/post-messages";
import { MAX_REGENERATIONS } from "@/lib/posts/post-rules";
import type { RegenerateResult, ShareResult, SocialPost } from "@/lib/posts/post-schemas";
import { findEditablePost, markSocialPostShared, reserveRegeneration, saveRegeneratedContent } from "../db/posts/social-posts";
import { ApiError } from "../http/api-error";
import { hashSecretToken } from "../security/secret-tokens";
import { configuredPostGenerator } from "./generator/configured-post-generator";

// SPEC §6, §7: what the edit link allows. Access is the post id plus a live token, whoever calls;
// an unknown post, a wrong token, another post's token and an expired one are the same 401.

const invalidLink = () => new ApiError("invalid_token", postMessages.invalidEditLink);

/** Where a share card is served; its id is random, so the address does not lead to the post. */
export const shareCardUrl = (imageId: string) => `/api/social-posts/cards/${imageId}`;

/** GET /api/social-posts/{id}?token=: the post as SPEC §3 describes it, nothing more. */
export async function getPostForEditing(id: string, token: string): Promise<SocialPost> {
  const post = await findEditablePost(id, hashSecretToken(token));
  if (!post) throw invalidLink();
  return {
    id: post.id,
    content: post.content,
    referral_link: post.referralLink,
    user_inputs: post.userInputs,
    num_of_regen: post.numOfRegen,
    images: post.images.map((image) => ({ url: shareCardUrl(image.id), description: image.description })),
    story_messages: post.storyMessages.map((m) => ({ content: m.content, sender: m.sender })),
    shared_at: post.sharedAt?.toISOString() ?? null,
  };
}

/**
 * POST /api/social-posts/{id}/regenerate: a new version written from the story and the inputs.
 * The regeneration is counted before the text is written, so the cap holds under parallel calls.
 */
export async function regeneratePost(id: string, token: string, userInput: string): Promise<RegenerateResult> {
  const reservation = await reserveRegeneration(id, hashSecretToken(token), userInput.trim(), MAX_REGENERATIONS);
  if (reservation.status === "invalid") throw invalidLink();
  if (reservation.status === "limit") throw new ApiError("conflict", postMessages.regenerationLimit);
  const content = await configuredPostGenerator().write({
    storyMessages: reservation.storyMessages,
    userInputs: userInput,
    variant: reservation.numOfRegen,
    previousContent: reservation.content,
  });
  await saveRegeneratedContent(id, content);
  return { new_content: content, num_of_regen: reservation.numOfRegen };
}

/** POST /api/social-posts/{id}/share: called once the text is on the clipboard (or shown to copy). */
export async function sharePost(id: string, token: string): Promise<ShareResult> {
  const sharedAt = await markSocialPostShared(id, hashSecretToken(token));
  if (!sharedAt) throw invalidLink();
  return { shared_at: sharedAt.toISOString() };
}
