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

// D8: the bot's sign-in link also carries `telegram_proof` (`<expiry>.<signature>`) and, when the
// Telegram user has one, `telegram_username` (signed with the id: the confirmation names it).
const TELEGRAM_PROOF = /^\d{1,12}\.[A-Za-z0-9_-]{43}$/;
const TELEGRAM_USERNAME = /^[A-Za-z0-9_]{1,64}$/;

/** Keeps the bot's proof (and the username it signed) for the pending id, from the address bar, when they have their shapes. */
export function rememberPendingTelegramProof(search: string): void {
  const params = new URLSearchParams(search);
  const proof = params.get("telegram_proof");
  if (!proof || !TELEGRAM_PROOF.test(proof)) return;
  const username = params.get("telegram_username");
  try {
    localStorage.setItem(storageKeys.pendingTelegramProof, proof);
    if (username && TELEGRAM_USERNAME.test(username)) localStorage.setItem(storageKeys.pendingTelegramUsername, username);
    else localStorage.removeItem(storageKeys.pendingTelegramUsername);
  } catch {
    // As for the id: without storage, linking starts from the bot again.
  }
}

export type PendingTelegramLink = { telegramId: string; proof: string; username?: string };

/** The pending id, its proof and username, left in storage until the member answers (issue 25). */
export function readPendingTelegramLink(): PendingTelegramLink | null {
  try {
    const telegramId = localStorage.getItem(storageKeys.pendingTelegramId);
    const proof = localStorage.getItem(storageKeys.pendingTelegramProof);
    const username = localStorage.getItem(storageKeys.pendingTelegramUsername);
    if (!telegramId || !proof || !TELEGRAM_ID.test(telegramId) || !TELEGRAM_PROOF.test(proof)) return null;
    return { telegramId, proof, ...(username && TELEGRAM_USERNAME.test(username) ? { username } : {}) };
  } catch {
    return null;
  }
}

/** Removes the pending link: it is answered once, whatever the answer. */
export function forgetPendingTelegramLink(): void {
  try {
    localStorage.removeItem(storageKeys.pendingTelegramId);
    localStorage.removeItem(storageKeys.pendingTelegramProof);
    localStorage.removeItem(storageKeys.pendingTelegramUsername);
  } catch {
    // Nothing kept, nothing to remove.
  }
}
