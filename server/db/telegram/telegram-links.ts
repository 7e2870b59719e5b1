import "server-only";
import { readProgress, withTelegramLinked } from "@/lib/telegram/bot-setup-rules";
import type { TransactionSql } from "postgres";
import { db } from "../client";
import { clearBotBlocked } from "../programme/programme-preferences";
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

export type LinkRow = {
  user_id: string;
  email: string;
  telegram_user_id: string;
  chat_id: string;
  telegram_username: string | null;
  first_name: string | null;
};

export const toLink = (row: LinkRow): TelegramLink => ({
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
  { kind: "linked"; link: TelegramLink } | { kind: "invalid_token" } | { kind: "telegram_taken" } | { kind: "proof_used" };

/**
 * Tells the chat a replaced link belonged to that its member (given by email) linked another
 * Telegram user, in the link's transaction (server/telegram/bot-linking.ts queues the message).
 */
export type TellUnlinkedChat = (tx: TransactionSql, chatId: number, email: string) => Promise<void>;

/**
 * Links a member to a Telegram user and marks the walkthrough's last step done, in the caller's
 * transaction. A link it replaces is gone with a message to that chat, sent by the job
 * engine once this commits.
 */
export async function linkInTransaction(
  tx: TransactionSql,
  userId: string,
  who: TelegramIdentity,
  tellUnlinkedChat: TellUnlinkedChat,
): Promise<LinkOutcome> {
  const [taken] = await tx<{ user_id: string }[]>`
    select user_id from public.telegram_links
    where (telegram_user_id = ${who.telegramUserId} or chat_id = ${who.chatId}) and user_id <> ${userId}
    for update`;
  if (taken) return { kind: "telegram_taken" };
  const [previous] = await tx<{ chat_id: string }[]>`select chat_id from public.telegram_links where user_id = ${userId} for update`;
  await tx`
    insert into public.telegram_links (user_id, telegram_user_id, chat_id, telegram_username, first_name)
    values (${userId}, ${who.telegramUserId}, ${who.chatId}, ${who.username}, ${who.firstName})
    on conflict (user_id) do update set telegram_user_id = excluded.telegram_user_id, chat_id = excluded.chat_id,
      telegram_username = excluded.telegram_username, first_name = excluded.first_name, linked_at = now()`;
  const [user] = await tx<{ email: string; botsetup_step: Record<string, unknown> }[]>`
    select email, botsetup_step from public.users where id = ${userId} for update`;
  const email = user?.email ?? "";
  const progress = withTelegramLinked(readProgress(user?.botsetup_step), who.username, new Date());
  await writeProgress(tx, userId, progress);
  // Linked again after blocking the bot: programme messages may go by the bot once more.
  await clearBotBlocked(tx, userId);
  if (previous && Number(previous.chat_id) !== who.chatId) await tellUnlinkedChat(tx, Number(previous.chat_id), email);
  return {
    kind: "linked",
    link: {
      userId,
      email,
      telegramUserId: who.telegramUserId,
      chatId: who.chatId,
      telegramUsername: who.username,
      firstName: who.firstName,
    },
  };
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "23505";
}

class RolledBack extends Error {
  constructor(readonly outcome: LinkOutcome) {
    super(outcome.kind);
  }
}

/** Runs a link in one transaction, rolled back whole (a spent token or proof too) unless it linked. */
export async function linkOrRollBack(work: (tx: TransactionSql) => Promise<LinkOutcome>): Promise<LinkOutcome> {
  try {
    return await db().begin(async (tx) => {
      const outcome = await work(tx);
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
 * D8: links a member, who confirmed it, to the Telegram user the bot vouched for. The
 * proof links once: its hash is recorded with the link, and a proof seen before links nothing.
 */
export async function linkMemberWithProof(
  userId: string,
  who: TelegramIdentity,
  proof: { hash: string; expiresAt: Date },
  tellUnlinkedChat: TellUnlinkedChat,
): Promise<LinkOutcome> {
  return linkOrRollBack(async (tx) => {
    const [spent] = await tx`
      insert into public.telegram_link_proofs (proof_hash, telegram_user_id, user_id, expires_at)
      values (${proof.hash}, ${who.telegramUserId}, ${userId}, ${proof.expiresAt})
      on conflict (proof_hash) do nothing
      returning proof_hash`;
    if (!spent) return { kind: "proof_used" };
    return linkInTransaction(tx, userId, who, tellUnlinkedChat);
  });
}
