import "server-only";
import type { TransactionSql } from "postgres";
import { db } from "../client";
import {
  linkInTransaction,
  linkOrRollBack,
  toLink,
  type LinkOutcome,
  type LinkRow,
  type TelegramIdentity,
  type TellUnlinkedChat,
} from "./telegram-links";

// D15: a dashboard start token opened in Telegram links nobody by itself. `/start <token>`
// opens a request for the chat and the bot asks, naming the member; the Telegram user's yes spends
// the token and links. Every step is keyed so a retried update changes nothing twice.

export type LinkRequestOutcome = LinkOutcome | { kind: "confirm"; email: string };

/**
 * `/start <token>`: opens (or opens again) the chat's link request for an unused, unexpired token
 * and answers the email of the member it would link. A spent token whose member is linked to this
 * very Telegram user answers "linked" (the same update retried after its yes), any other
 * "invalid_token"; a Telegram user linked to another member gets "telegram_taken".
 */
export async function requestLinkWithStartToken(tokenHash: string, who: TelegramIdentity): Promise<LinkRequestOutcome> {
  return db().begin(async (tx) => {
    const [token] = await tx<{ user_id: string; email: string }[]>`
      select t.user_id, u.email from public.telegram_start_tokens t join public.users u on u.id = t.user_id
      where t.token_hash = ${tokenHash} and t.used_at is null and t.expires_at > now()`;
    if (!token) return (await linkMadeWithToken(tx, tokenHash, who)) ?? { kind: "invalid_token" };
    const [taken] = await tx`
      select 1 from public.telegram_links
      where (telegram_user_id = ${who.telegramUserId} or chat_id = ${who.chatId}) and user_id <> ${token.user_id}`;
    if (taken) return { kind: "telegram_taken" };
    await tx`
      insert into public.telegram_link_requests (chat_id, telegram_user_id, token_hash)
      values (${who.chatId}, ${who.telegramUserId}, ${tokenHash})
      on conflict (chat_id) do update set telegram_user_id = excluded.telegram_user_id, token_hash = excluded.token_hash,
        requested_at = now(), confirmed_update_id = null`;
    return { kind: "confirm", email: token.email };
  });
}

/** A spent token whose member is linked to this very Telegram user and chat. */
async function linkMadeWithToken(tx: TransactionSql, tokenHash: string, who: TelegramIdentity): Promise<LinkOutcome | null> {
  const [row] = await tx<LinkRow[]>`
    select l.user_id, u.email, l.telegram_user_id, l.chat_id, l.telegram_username, l.first_name
    from public.telegram_start_tokens t
    join public.telegram_links l on l.user_id = t.user_id
    join public.users u on u.id = l.user_id
    where t.token_hash = ${tokenHash} and t.used_at is not null and l.telegram_user_id = ${who.telegramUserId} and l.chat_id = ${who.chatId}`;
  return row ? { kind: "linked", link: toLink(row) } : null;
}

type OpenRequest = { token_hash: string; confirmed_update_id: string | null };

/**
 * The Telegram user said yes: spends the request's token (unused, unexpired) and links its member to
 * this chat. Null when the chat has no open request (the text is then an ordinary message); the
 * update that confirmed, answered again, gets "linked" again.
 */
export async function confirmLinkRequest(
  who: TelegramIdentity,
  updateId: number,
  tellUnlinkedChat: TellUnlinkedChat,
): Promise<LinkOutcome | null> {
  const [request] = await db()<OpenRequest[]>`
    select token_hash, confirmed_update_id::text from public.telegram_link_requests
    where chat_id = ${who.chatId} and telegram_user_id = ${who.telegramUserId}`;
  if (!request) return null;
  if (request.confirmed_update_id !== null) {
    if (request.confirmed_update_id !== String(updateId)) return null;
    const again = await db().begin((tx) => linkMadeWithToken(tx, request.token_hash, who));
    return again ?? { kind: "invalid_token" };
  }
  return linkOrRollBack(async (tx) => {
    const [claimed] = await tx`
      update public.telegram_link_requests set confirmed_update_id = ${updateId}
      where chat_id = ${who.chatId} and telegram_user_id = ${who.telegramUserId} and token_hash = ${request.token_hash} and confirmed_update_id is null
      returning chat_id`;
    if (!claimed) return { kind: "invalid_token" };
    const [token] = await tx<{ user_id: string }[]>`
      update public.telegram_start_tokens set used_at = now()
      where token_hash = ${request.token_hash} and used_at is null and expires_at > now()
      returning user_id`;
    if (!token) return { kind: "invalid_token" };
    return linkInTransaction(tx, token.user_id, who, tellUnlinkedChat);
  });
}

/** The Telegram user said no: the chat's open request goes, its token stays unused. False when none was open. */
export async function declineLinkRequest(who: TelegramIdentity): Promise<boolean> {
  const deleted = await db()`
    delete from public.telegram_link_requests
    where chat_id = ${who.chatId} and telegram_user_id = ${who.telegramUserId} and confirmed_update_id is null
    returning chat_id`;
  return deleted.length > 0;
}
