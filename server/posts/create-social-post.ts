import "server-only";
import postgres, { type TransactionSql } from "postgres";
import { storySchema, type StoryInput } from "@/lib/posts/story-schema";
import { db } from "../db/client";
import { insertSocialPost, type NewSocialPost } from "../db/posts/social-posts";
import { ApiError } from "../http/api-error";
import { zodDetails } from "../http/route-input";
import { editPostLink, newEditToken, type EditToken } from "./edit-token";
import { configuredPostGenerator } from "./generator/configured-post-generator";
import { referralLinkFor } from "./referral-link";
import { shareCardsFor } from "./share-cards";

export type CreatedSocialPost = { postId: string; editLink: string; expiresAt: Date };

/** A post written and ready to store: everything but the database row. */
export type PreparedSocialPost = { post: NewSocialPost; editToken: EditToken };

/**
 * D7: validates a story and writes its post (the generator, an outside call, runs here), ready for
 * storeSocialPost in the caller's transaction.
 */
export async function prepareSocialPost(input: StoryInput, options: { editToken?: EditToken } = {}): Promise<PreparedSocialPost> {
  const parsed = storySchema.safeParse(input);
  if (!parsed.success) {
    throw new ApiError("validation_failed", "The story is not valid.", { details: zodDetails(parsed.error) });
  }
  const story = parsed.data;
  const content = await configuredPostGenerator().write({
    storyMessages: story.story_messages,
    userInputs: story.user_inputs,
    variant: 0,
    previousContent: null,
  });
  const editToken = options.editToken ?? newEditToken();
  const post: NewSocialPost = {
    ownerId: story.owner_id,
    source: story.source,
    content,
    referralLink: await referralLinkFor(story.owner_id),
    userInputs: story.user_inputs,
    storyMessages: story.story_messages,
    tokenHash: editToken.hash,
    tokenExpiresAt: editToken.expiresAt,
    cards: shareCardsFor(story),
  };
  return { post, editToken };
}

/** Stores a prepared post in the caller's transaction and returns the link that edits it. */
export async function storeSocialPost(tx: TransactionSql, { post, editToken }: PreparedSocialPost): Promise<CreatedSocialPost> {
  let postId: string;
  try {
    postId = await insertSocialPost(tx, post);
  } catch (error) {
    // 23503, foreign key: the owner is not an account.
    if (error instanceof postgres.PostgresError && error.code === "23503")
      throw new ApiError("unprocessable", "The story's owner is not an account.");
    throw error;
  }
  return { postId, editLink: editPostLink(postId, editToken.token), expiresAt: editToken.expiresAt };
}

/**
 * D7: turns a story (the coach bot's conversation, the campaign's story form, an operator's file)
 * into a social post with its share cards, and returns the link that edits it. The link is the
 * only place the token exists: give it to the author and nobody else. A caller that must be able to
 * give the same link again passes a token it can derive again (server/posts/story-post.ts).
 */
export async function createSocialPost(input: StoryInput, options: { editToken?: EditToken } = {}): Promise<CreatedSocialPost> {
  const prepared = await prepareSocialPost(input, options);
  return db().begin((tx) => storeSocialPost(tx, prepared));
}
