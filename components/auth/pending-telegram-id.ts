import { storageKeys } from "@/lib/storage-keys";

// A messaging-app user id is a positive integer; anything else in the address bar is ignored.
const TELEGRAM_ID = /^\d{1,20}$/;

/** The `telegram_id` query value when it is a plain number, else null. */
export function parseTelegramId(value: string | undefined): string | null {
  return value !== undefined && TELEGRAM_ID.test(value) ? value : null;
}

/** SPEC §2: /auth keeps the messaging-app id locally until the account can be linked. */
export function rememberPendingTelegramId(id: string): void {
  try {
    localStorage.setItem(storageKeys.pendingTelegramId, id);
  } catch {
    // Storage can be unavailable (privacy settings); linking then starts from the bot again.
  }
}
