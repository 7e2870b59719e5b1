import "server-only";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** A random URL-safe token: 32 bytes, 43 characters (Telegram allows 64 in a start parameter). */
export function newUrlToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What is stored in place of a token: its SHA-256 in hex. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Compares two strings in time that does not depend on where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = createHash("sha256").update(a).digest();
  const right = createHash("sha256").update(b).digest();
  return timingSafeEqual(left, right) && a.length === b.length;
}
