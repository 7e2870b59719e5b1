import "server-only";
import { createHash, createHmac } from "node:crypto";
import { constantTimeEqual } from "../security/secret-tokens";

// D8: Telegram's login widget check. The secret key is the SHA-256 of the bot token; the hash is the
// HMAC-SHA-256 of the data-check string: every received field except `hash`, as `key=value`,
// sorted by key and joined with line feeds. Payloads older than 24 h are refused.
export const LOGIN_MAX_AGE_SECONDS = 24 * 60 * 60;

export type LoginFields = Record<string, string | number | undefined | null>;

export function dataCheckString(fields: LoginFields): string {
  return Object.keys(fields)
    .filter((key) => key !== "hash" && fields[key] !== undefined && fields[key] !== null)
    .sort()
    .map((key) => `${key}=${String(fields[key])}`)
    .join("\n");
}

export function loginHash(fields: LoginFields, botToken: string): string {
  const secretKey = createHash("sha256").update(botToken).digest();
  return createHmac("sha256", secretKey).update(dataCheckString(fields)).digest("hex");
}

export type LoginCheck = "valid" | "bad_hash" | "stale";

/** Whether a login payload is Telegram's (right hash) and fresh (auth_date at most 24 h old, not in the future). */
export function checkLoginPayload(fields: LoginFields, botToken: string, now: Date): LoginCheck {
  const hash = typeof fields.hash === "string" ? fields.hash : "";
  if (!constantTimeEqual(hash.toLowerCase(), loginHash(fields, botToken))) return "bad_hash";
  const authDate = Number(fields.auth_date);
  const age = Math.floor(now.getTime() / 1000) - authDate;
  // A minute of clock skew is tolerated in the future direction.
  if (!Number.isInteger(authDate) || age > LOGIN_MAX_AGE_SECONDS || age < -60) return "stale";
  return "valid";
}
