import "server-only";
import type { StoryMessage } from "@/lib/posts/post-rules";
import type { CardTheme, ShareCard } from "@/lib/posts/share-card";
import type { TransactionSql } from "postgres";
import { db } from "../client";

// D7: social posts and their share cards. Every read or change of a post goes through its id and
// the hash of a token that has not expired; nothing here returns the hash.

export type NewSocialPost = {
  ownerId: string | null;
  source: "operator" | "coach_bot" | "campaign";
  content: string;
  referralLink: string;
  userInputs: string;
  storyMessages: StoryMessage[];
  tokenHash: string;
  tokenExpiresAt: Date;
  cards: ShareCard[];
};

/** Writes a post and its cards in the caller's transaction (a story form's post commits with its story). */
export async function insertSocialPost(tx: TransactionSql, post: NewSocialPost): Promise<string> {
  const [row] = await tx<{ id: string }[]>`
    insert into public.social_posts
      (owner_id, source, content, referral_link, user_inputs, story_messages, edit_token_hash, edit_token_expires_at)
    values (${post.ownerId}, ${post.source}, ${post.content}, ${post.referralLink}, ${post.userInputs},
      ${tx.json(post.storyMessages)}, ${post.tokenHash}, ${post.tokenExpiresAt})
    returning id`;
  const postId = row!.id;
  for (const [position, card] of post.cards.entries()) {
    await tx`
      insert into public.social_post_images (post_id, position, theme, headline, body, description)
      values (${postId}, ${position}, ${card.theme}, ${card.headline}, ${card.body}, ${card.description})`;
  }
  return postId;
}

export type EditablePost = {
  id: string;
  content: string;
  referralLink: string;
  userInputs: string;
  numOfRegen: number;
  storyMessages: StoryMessage[];
  sharedAt: Date | null;
  images: { id: string; description: string }[];
};

type PostRow = {
  id: string;
  content: string;
  referral_link: string;
  user_inputs: string;
  num_of_regen: number;
  story_messages: StoryMessage[];
  shared_at: Date | null;
  images: { id: string; description: string }[];
};

/** The post behind a live edit link, or null (unknown post, wrong or expired token). */
export async function findEditablePost(id: string, tokenHash: string): Promise<EditablePost | null> {
  const [row] = await db()<PostRow[]>`
    select p.id, p.content, p.referral_link, p.user_inputs, p.num_of_regen, p.story_messages, p.shared_at,
      coalesce((select jsonb_agg(jsonb_build_object('id', i.id, 'description', i.description) order by i.position)
        from public.social_post_images i where i.post_id = p.id), '[]'::jsonb) as images
    from public.social_posts p
    where p.id = ${id} and p.edit_token_hash = ${tokenHash} and p.edit_token_expires_at > now()`;
  if (!row) return null;
  return {
    id: row.id,
    content: row.content,
    referralLink: row.referral_link,
    userInputs: row.user_inputs,
    numOfRegen: row.num_of_regen,
    storyMessages: row.story_messages,
    sharedAt: row.shared_at,
    images: row.images,
  };
}

export type Reservation =
  { status: "reserved"; numOfRegen: number; content: string; storyMessages: StoryMessage[] } | { status: "limit" } | { status: "invalid" };

/**
 * Takes one of the post's regenerations and records the inputs it was asked with, before anything
 * is generated: one conditional update, so parallel requests can never take more than `max`.
 */
export async function reserveRegeneration(id: string, tokenHash: string, userInputs: string, max: number): Promise<Reservation> {
  const [row] = await db()<{ num_of_regen: number; content: string; story_messages: StoryMessage[] }[]>`
    update public.social_posts set num_of_regen = num_of_regen + 1, user_inputs = ${userInputs}
    where id = ${id} and edit_token_hash = ${tokenHash} and edit_token_expires_at > now() and num_of_regen < ${max}
    returning num_of_regen, content, story_messages`;
  if (row) return { status: "reserved", numOfRegen: row.num_of_regen, content: row.content, storyMessages: row.story_messages };
  return (await findEditablePost(id, tokenHash)) ? { status: "limit" } : { status: "invalid" };
}

export async function saveRegeneratedContent(id: string, content: string): Promise<void> {
  await db()`update public.social_posts set content = ${content} where id = ${id}`;
}

/** Marks the post shared (the first time counts); null when the link is not live. */
export async function markSocialPostShared(id: string, tokenHash: string): Promise<Date | null> {
  const [row] = await db()<{ shared_at: Date }[]>`
    update public.social_posts set shared_at = coalesce(shared_at, now())
    where id = ${id} and edit_token_hash = ${tokenHash} and edit_token_expires_at > now()
    returning shared_at`;
  return row?.shared_at ?? null;
}

export type ShareCardContent = { theme: CardTheme; headline: string; body: string };

export async function findShareCard(id: string): Promise<ShareCardContent | null> {
  const [row] = await db()<ShareCardContent[]>`select theme, headline, body from public.social_post_images where id = ${id}`;
  return row ?? null;
}
