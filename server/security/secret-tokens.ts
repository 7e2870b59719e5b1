import "server-only";
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { serverEnv } from "../env";

// The one way the product makes and keeps secret tokens (edit links, set-up links, start tokens,
// checkout replacement secrets): 256 random bits, URL-safe; only their SHA-256 is stored.

/** A random URL-safe token: 32 bytes, 43 characters (Telegram allows 64 in a start parameter). */
export function newSecretToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What is stored in place of a token: its SHA-256 in hex. */
export function hashSecretToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Compares two strings in time that does not depend on where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = createHash("sha256").update(a).digest();
  const right = createHash("sha256").update(b).digest();
  return timingSafeEqual(left, right) && a.length === b.length;
}

/**
 * A value only this server can make, and make again: HMAC-SHA-256 of `message` under a key of its
 * own for `purpose`, derived from the service key. Tokens derived this way (set-up and confirmation
 * links, story edit links, visitor ids) need no stored secret, so a retried email carries the same
 * link. A purpose's string never changes: the tokens already given out depend on it.
 */
export function serverSignature(purpose: string, message: string, encoding: "base64url" | "hex" = "base64url"): string {
  const key = createHmac("sha256", purpose).update(serverEnv().SUPABASE_SERVICE_ROLE_KEY).digest();
  return createHmac("sha256", key).update(message).digest(encoding);
}
