import "server-only";
import { ApiError } from "./api-error";

// Postgres text cannot hold U+0000, and a lone UTF-16 surrogate is no character at all
// (it would be stored as U+FFFD). Such strings are refused where input is read, before any route
// does anything with it, instead of failing as a 500 halfway through a handler's writes.

export const UNSTORABLE_TEXT_MESSAGE = "Text may not contain NUL characters or unpaired surrogates.";

const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a string can be stored as text: no U+0000, no unpaired surrogate. */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/** The path of the first string (key or value) in parsed JSON that cannot be stored, or null. */
export function unstorableTextPath(value: unknown): string | null {
  const pending: [unknown, string][] = [[value, ""]];
  while (pending.length > 0) {
    const [item, path] = pending.pop()!;
    if (typeof item === "string") {
      if (!isStorableText(item)) return path || "(root)";
    } else if (Array.isArray(item)) {
      item.forEach((entry, index) => pending.push([entry, path ? `${path}.${index}` : String(index)]));
    } else if (item !== null && typeof item === "object") {
      for (const [key, entry] of Object.entries(item)) {
        const at = path ? `${path}.${key}` : key;
        if (!isStorableText(key)) return at;
        pending.push([entry, at]);
      }
    }
  }
  return null;
}

/** Refuses (422, in the error envelope) input holding a string that cannot be stored. */
export function assertStorableText(value: unknown, what: string): void {
  const path = unstorableTextPath(value);
  if (path !== null) {
    throw new ApiError("validation_failed", `The ${what} is not valid.`, { details: [{ path, message: UNSTORABLE_TEXT_MESSAGE }] });
  }
}
