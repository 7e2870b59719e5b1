import "server-only";
import { readProgress, withTelegramLinked } from "@/lib/telegram/bot-setup-rules";
import { db, type Executor } from "./client";
import { writeProgress } from "./telegram-bot-setup";

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
