import "server-only";
import { createHmac } from "node:crypto";
import { constantTimeEqual } from "../security/secret-tokens";

// D8: the sign-in link the bot hands out carries a proof that the bot saw this Telegram user:
// `<expiry seconds>.<HMAC-SHA-256(key, "telegram-link:<id>:<expiry>")>`, so a bare id is never enough.
export const LINK_PROOF_TTL_SECONDS = 30 * 60;

function proofKey(botToken: string): Buffer {
  return createHmac("sha256", "glucosechallenge telegram link proof").update(botToken).digest();
}

function signature(telegramId: string, expiresAt: number, botToken: string): string {
  return createHmac("sha256", proofKey(botToken)).update(`telegram-link:${telegramId}:${expiresAt}`).digest("base64url");
}

export function signLinkProof(telegramId: string, botToken: string, now: Date, ttlSeconds = LINK_PROOF_TTL_SECONDS): string {
  const expiresAt = Math.floor(now.getTime() / 1000) + ttlSeconds;
  return `${expiresAt}.${signature(telegramId, expiresAt, botToken)}`;
}

/** Whether `proof` was signed for this Telegram id and has not expired. */
export function verifyLinkProof(telegramId: string, proof: string, botToken: string, now: Date): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(proof);
  if (!match) return false;
  const expiresAt = Number(match[1]);
  if (!constantTimeEqual(match[2] ?? "", signature(telegramId, expiresAt, botToken))) return false;
  return expiresAt >= Math.floor(now.getTime() / 1000);
}
