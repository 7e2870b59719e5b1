import "server-only";
import { allDone, OPEN_BOT_LINK_STEP, readProgress, withTelegramLinked, type BotSetupProgress } from "@/lib/telegram/bot-setup-rules";
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

/** Records an update id; false when it was seen before (the update is then not processed again). */
export async function recordTelegramUpdate(updateId: number): Promise<boolean> {
  const rows = await db()`
    insert into public.telegram_updates (update_id) values (${updateId}) on conflict (update_id) do nothing returning update_id`;
  return rows.length > 0;
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
      if (!token) return { kind: "invalid_token" } as const;
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
    on conflict (chat_id) do update set user_id = excluded.user_id, answers = '[]'::jsonb, started_at = now(), updated_at = now()`;
}

/** Adds an answer to the chat's open story; the answers so far, or null when no story is open. */
export async function addStoryAnswer(chatId: number, userId: string, answer: string): Promise<string[] | null> {
  const [row] = await db()<{ answers: string[] }[]>`
    update public.telegram_story_sessions set answers = answers || ${db().json([answer])}, updated_at = now()
    where chat_id = ${chatId} and user_id = ${userId} and started_at > now() - ${STORY_SESSION_TTL}::interval
    returning answers`;
  return row?.answers ?? null;
}

export async function endStorySession(chatId: number): Promise<void> {
  await db()`delete from public.telegram_story_sessions where chat_id = ${chatId}`;
}
