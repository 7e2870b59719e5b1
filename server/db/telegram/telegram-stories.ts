import "server-only";
import { db } from "../client";

// A /story conversation lasts an hour at most.
const STORY_SESSION_TTL = "1 hour";

export async function startStorySession(chatId: number, userId: string): Promise<void> {
  await db()`
    insert into public.telegram_story_sessions (chat_id, user_id) values (${chatId}, ${userId})
    on conflict (chat_id) do update set user_id = excluded.user_id, answers = '[]'::jsonb, last_update_id = null, started_at = now(), updated_at = now()`;
}

/**
 * Adds an answer to the chat's open story; the answers so far, or null when no story is open. The
 * same update's answer is taken once, however often the update is retried.
 */
export async function addStoryAnswer(chatId: number, userId: string, answer: string, updateId: number): Promise<string[] | null> {
  const [row] = await db()<{ answers: string[] }[]>`
    update public.telegram_story_sessions
    set answers = case when last_update_id = ${updateId} then answers else answers || ${db().json([answer])} end,
      last_update_id = ${updateId}, updated_at = now()
    where chat_id = ${chatId} and user_id = ${userId} and started_at > now() - ${STORY_SESSION_TTL}::interval
    returning answers`;
  return row?.answers ?? null;
}

export async function endStorySession(chatId: number): Promise<void> {
  await db()`delete from public.telegram_story_sessions where chat_id = ${chatId}`;
}

/** The /story post an update made: the post's id, or null when that update made none. */
export async function storyPostOfUpdate(updateId: number, userId: string): Promise<string | null> {
  const [row] = await db()<{ post_id: string }[]>`
    select post_id from public.telegram_story_posts where update_id = ${updateId} and user_id = ${userId}`;
  return row?.post_id ?? null;
}

/** A coach-bot post by its edit token's hash (a retry finding the post its first attempt made). */
export async function storyPostByTokenHash(tokenHash: string, ownerId: string): Promise<string | null> {
  const [row] = await db()<{ id: string }[]>`
    select id from public.social_posts where edit_token_hash = ${tokenHash} and owner_id = ${ownerId} and source = 'coach_bot'`;
  return row?.id ?? null;
}

export async function recordStoryPost(postId: string, updateId: number, userId: string): Promise<void> {
  await db()`
    insert into public.telegram_story_posts (post_id, update_id, user_id) values (${postId}, ${updateId}, ${userId})
    on conflict do nothing`;
}

/** The member's newest /story post whose edit link still works, with the update that made it. */
export async function latestStoryPost(userId: string): Promise<{ postId: string; updateId: number } | null> {
  const [row] = await db()<{ post_id: string; update_id: string }[]>`
    select s.post_id, s.update_id from public.telegram_story_posts s
    join public.social_posts p on p.id = s.post_id
    where s.user_id = ${userId} and p.edit_token_expires_at > now()
    order by s.created_at desc limit 1`;
  return row ? { postId: row.post_id, updateId: Number(row.update_id) } : null;
}
