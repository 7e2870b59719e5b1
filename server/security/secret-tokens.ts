import "server-only";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

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
