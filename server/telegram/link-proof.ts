import "server-only";
import { createHmac } from "node:crypto";
import { constantTimeEqual } from "../security/secret-tokens";

// D8: the sign-in link the bot hands out carries a proof that the bot saw this Telegram user:
// `<expiry seconds>.<HMAC-SHA-256(key, "telegram-link:<id>:<username>:<expiry>")>`, so a bare id is
// never enough. The username is signed too, as the member's confirmation names it (an
// empty username when the Telegram user has none); each proof links once (server/db/telegram/telegram-links.ts).
export const LINK_PROOF_TTL_SECONDS = 30 * 60;

function proofKey(botToken: string): Buffer {
  return createHmac("sha256", "glucosechallenge telegram link proof").update(botToken).digest();
}

function signature(telegramId: string, username: string | null, expiresAt: number, botToken: string): string {
  return createHmac("sha256", proofKey(botToken))
    .update(`telegram-link:${telegramId}:${username ?? ""}:${expiresAt}`)
    .digest("base64url");
}

export function signLinkProof(
  telegramId: string,
  botToken: string,
  now: Date,
  username: string | null = null,
  ttlSeconds = LINK_PROOF_TTL_SECONDS,
): string {
  const expiresAt = Math.floor(now.getTime() / 1000) + ttlSeconds;
  return `${expiresAt}.${signature(telegramId, username, expiresAt, botToken)}`;
}

/** When `proof` was signed for this Telegram id and username and has not expired: its expiry; else null. */
export function verifyLinkProof(telegramId: string, username: string | null, proof: string, botToken: string, now: Date): Date | null {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(proof);
  if (!match) return null;
  const expiresAt = Number(match[1]);
  if (!constantTimeEqual(match[2] ?? "", signature(telegramId, username, expiresAt, botToken))) return null;
  return expiresAt >= Math.floor(now.getTime() / 1000) ? new Date(expiresAt * 1000) : null;
}
