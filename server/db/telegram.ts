import "server-only";
import type { Update } from "grammy/types";
import { allDone, OPEN_BOT_LINK_STEP, readProgress, withTelegramLinked, type BotSetupProgress } from "@/lib/telegram/bot-setup-rules";
import { enqueueJob } from "../jobs/enqueue-job";
import { db, type Executor } from "./client";

export type TelegramLink = {
  userId: string;
  email: string;
  telegramUserId: number;
  chatId: number;
  telegramUsername: string | null;
  firstName: string | null;
};

export type TelegramIdentity = { telegramUserId: number; chatId: number; username: string | null; firstName: string | null };

type LinkRow = { user_id: string; email: string; telegram_user_id: string; chat_id: string; telegram_username: string | null; first_name: string | null };

const toLink = (row: LinkRow): TelegramLink => ({
  userId: row.user_id,
  email: row.email,
  telegramUserId: Number(row.telegram_user_id),
  chatId: Number(row.chat_id),
  telegramUsername: row.telegram_username,
  firstName: row.first_name,
});

/**
 * D15, D16: stores a verified update whole with the telegram-update job that answers it, in one
 * transaction; false when the update id was stored before (Telegram delivered it again).
 */
export async function storeTelegramUpdate(update: Update): Promise<boolean> {
  return db().begin(async (tx) => {
    const rows = await tx`
      insert into public.telegram_updates (update_id, payload) values (${update.update_id}, ${tx.json(update as never)})
      on conflict (update_id) do nothing
      returning update_id`;
    if (rows.length === 0) return false;
    await enqueueJob(tx, "telegram-update", { updateId: update.update_id });
    return true;
  });
}

export type StoredTelegramUpdate = { updateId: number; payload: unknown; processedAt: Date | null };

/** A stored update, counting this attempt to answer it. */
export async function startTelegramUpdateAttempt(updateId: number): Promise<StoredTelegramUpdate | null> {
  const [row] = await db()<{ update_id: string; payload: unknown; processed_at: Date | null }[]>`
    update public.telegram_updates set attempts = attempts + 1 where update_id = ${updateId}
    returning update_id, payload, processed_at`;
  return row ? { updateId: Number(row.update_id), payload: row.payload, processedAt: row.processed_at } : null;
}

/** The update is done: its reply went out, or Telegram refused it for good (with the reason). */
export async function markTelegramUpdateProcessed(updateId: number, outcome: "handled" | "undeliverable", error: string | null = null): Promise<void> {
  await db()`
    update public.telegram_updates set processed_at = now(), outcome = ${outcome}, last_error = ${error?.slice(0, 2000) ?? null}
    where update_id = ${updateId} and processed_at is null`;
}

export async function recordTelegramUpdateFailure(updateId: number, error: string): Promise<void> {
  await db()`update public.telegram_updates set last_error = ${error.slice(0, 2000)} where update_id = ${updateId}`;
}

export async function insertStartToken(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await db()`insert into public.telegram_start_tokens (token_hash, user_id, expires_at) values (${tokenHash}, ${userId}, ${expiresAt})`;
}

export async function findLinkByTelegramUser(telegramUserId: number): Promise<TelegramLink | null> {
  const [row] = await db()<LinkRow[]>`
    select l.user_id, u.email, l.telegram_user_id, l.chat_id, l.telegram_username, l.first_name
    from public.telegram_links l join public.users u on u.id = l.user_id
    where l.telegram_user_id = ${telegramUserId}`;
  return row ? toLink(row) : null;
}

export async function findLinkByMember(userId: string): Promise<TelegramLink | null> {
  const [row] = await db()<LinkRow[]>`
    select l.user_id, u.email, l.telegram_user_id, l.chat_id, l.telegram_username, l.first_name
    from public.telegram_links l join public.users u on u.id = l.user_id
    where l.user_id = ${userId}`;
  return row ? toLink(row) : null;
}

export type LinkOutcome =
  | { kind: "linked"; link: TelegramLink }
  | { kind: "invalid_token" }
  | { kind: "telegram_taken" };

/** Links a member to a Telegram user and marks the walkthrough's last step done, in the caller's transaction. */
async function linkInTransaction(tx: Executor, userId: string, who: TelegramIdentity): Promise<LinkOutcome> {
  const [taken] = await tx<{ user_id: string }[]>`
    select user_id from public.telegram_links
    where (telegram_user_id = ${who.telegramUserId} or chat_id = ${who.chatId}) and user_id <> ${userId}
    for update`;
  if (taken) return { kind: "telegram_taken" };
  await tx`
    insert into public.telegram_links (user_id, telegram_user_id, chat_id, telegram_username, first_name)
    values (${userId}, ${who.telegramUserId}, ${who.chatId}, ${who.username}, ${who.firstName})
    on conflict (user_id) do update set telegram_user_id = excluded.telegram_user_id, chat_id = excluded.chat_id,
      telegram_username = excluded.telegram_username, first_name = excluded.first_name, linked_at = now()`;
  const [user] = await tx<{ email: string; botsetup_step: Record<string, unknown> }[]>`
    select email, botsetup_step from public.users where id = ${userId} for update`;
  const progress = withTelegramLinked(readProgress(user?.botsetup_step), who.username, new Date());
  await writeProgress(tx, userId, progress);
  return {
    kind: "linked",
    link: { userId, email: user?.email ?? "", telegramUserId: who.telegramUserId, chatId: who.chatId, telegramUsername: who.username, firstName: who.firstName },
  };
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "23505";
}

/**
 * D15: spends a start token (unused, unexpired) and links its member to the Telegram user who sent
 * it. Nothing changes when the token is unknown, used or expired, or when the Telegram user is
 * already linked to another member (the token then stays unused).
 */
export async function linkWithStartToken(tokenHash: string, who: TelegramIdentity): Promise<LinkOutcome> {
  try {
    return await db().begin(async (tx) => {
      const [token] = await tx<{ user_id: string }[]>`
        update public.telegram_start_tokens set used_at = now()
        where token_hash = ${tokenHash} and used_at is null and expires_at > now()
        returning user_id`;
      if (!token) return (await linkMadeWithToken(tx, tokenHash, who)) ?? ({ kind: "invalid_token" } as const);
      const outcome = await linkInTransaction(tx, token.user_id, who);
      // Rolls the spent token back with everything else.
      if (outcome.kind !== "linked") throw new RolledBack(outcome);
      return outcome;
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.outcome;
    if (isUniqueViolation(error)) return { kind: "telegram_taken" };
    throw error;
  }
}

/**
 * A spent token whose member is linked to this very Telegram user: the same update answered again
 * (its first reply was lost) gets the same answer, not "expired".
 */
async function linkMadeWithToken(tx: Executor, tokenHash: string, who: TelegramIdentity): Promise<LinkOutcome | null> {
  const [row] = await tx<LinkRow[]>`
    select l.user_id, u.email, l.telegram_user_id, l.chat_id, l.telegram_username, l.first_name
    from public.telegram_start_tokens t
    join public.telegram_links l on l.user_id = t.user_id
    join public.users u on u.id = l.user_id
    where t.token_hash = ${tokenHash} and t.used_at is not null and l.telegram_user_id = ${who.telegramUserId} and l.chat_id = ${who.chatId}`;
  return row ? { kind: "linked", link: toLink(row) } : null;
}

/** D8: links a member to a Telegram user whose id the bot vouched for (a verified link proof). */
export async function linkMemberToTelegram(userId: string, who: TelegramIdentity): Promise<LinkOutcome> {
  try {
    return await db().begin(async (tx) => {
      const outcome = await linkInTransaction(tx, userId, who);
      if (outcome.kind !== "linked") throw new RolledBack(outcome);
      return outcome;
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.outcome;
    if (isUniqueViolation(error)) return { kind: "telegram_taken" };
    throw error;
  }
}

class RolledBack extends Error {
  constructor(readonly outcome: LinkOutcome) {
    super(outcome.kind);
  }
}

async function writeProgress(tx: Executor, userId: string, progress: BotSetupProgress): Promise<void> {
  await tx`
    update public.users set botsetup_step = ${tx.json(progress)}, botsetup_completed = ${allDone(progress.completedSteps)}
    where id = ${userId}`;
}

/** The walkthrough progress stored on the member's row. */
export async function readBotSetup(userId: string): Promise<{ progress: BotSetupProgress; completed: boolean } | null> {
  const [row] = await db()<{ botsetup_step: Record<string, unknown>; botsetup_completed: boolean }[]>`
    select botsetup_step, botsetup_completed from public.users where id = ${userId}`;
  return row ? { progress: readProgress(row.botsetup_step), completed: row.botsetup_completed } : null;
}

/**
 * Saves the walkthrough's own fields (current step, completed steps); whether Telegram is linked
 * stays what the server recorded, whatever the browser sends.
 */
export async function saveBotSetup(userId: string, currentStep: number, completedSteps: number[]): Promise<{ progress: BotSetupProgress; completed: boolean } | null> {
  return db().begin(async (tx) => {
    const [row] = await tx<{ botsetup_step: Record<string, unknown> }[]>`
      select botsetup_step from public.users where id = ${userId} for update`;
    if (!row) return null;
    const stored = readProgress(row.botsetup_step);
    const progress = readProgress({
      ...stored,
      currentStep,
      // The last step stays done once the bot has linked the chat.
      completedSteps: [...completedSteps, ...(stored.telegramLinked ? [OPEN_BOT_LINK_STEP] : [])],
      lastUpdated: new Date().toISOString(),
    });
    await writeProgress(tx, userId, progress);
    return { progress, completed: allDone(progress.completedSteps) };
  });
}

export async function insertQrScan(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await db()`insert into public.telegram_qr_scans (token_hash, user_id, expires_at) values (${tokenHash}, ${userId}, ${expiresAt})`;
}

/**
 * Records that the QR's link was opened: the member it belongs to and whether this was the first
 * opening, or null for an unknown or expired link.
 */
export async function markQrScanned(tokenHash: string): Promise<{ userId: string; first: boolean } | null> {
  const [first] = await db()<{ user_id: string }[]>`
    update public.telegram_qr_scans set scanned_at = now()
    where token_hash = ${tokenHash} and expires_at > now() and scanned_at is null
    returning user_id`;
  if (first) return { userId: first.user_id, first: true };
  const [again] = await db()<{ user_id: string }[]>`
    select user_id from public.telegram_qr_scans where token_hash = ${tokenHash} and expires_at > now()`;
  return again ? { userId: again.user_id, first: false } : null;
}

/** Whether the member's QR link (named by its hash) has been opened. */
export async function qrScanned(userId: string, tokenHash: string): Promise<boolean> {
  const [row] = await db()<{ scanned: boolean }[]>`
    select scanned_at is not null as scanned from public.telegram_qr_scans where token_hash = ${tokenHash} and user_id = ${userId}`;
  return row?.scanned ?? false;
}

export async function memberEmail(userId: string): Promise<string | null> {
  const [row] = await db()<{ email: string }[]>`select email from public.users where id = ${userId}`;
  return row?.email ?? null;
}

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
