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

// D8: the bot's sign-in link also carries `telegram_proof` (`<expiry>.<signature>`).
const TELEGRAM_PROOF = /^\d{1,12}\.[A-Za-z0-9_-]{43}$/;

/** Keeps the bot's proof for the pending id (from the address bar), when it has the proof's shape. */
export function rememberPendingTelegramProof(search: string): void {
  const proof = new URLSearchParams(search).get("telegram_proof");
  if (!proof || !TELEGRAM_PROOF.test(proof)) return;
  try {
    localStorage.setItem(storageKeys.pendingTelegramProof, proof);
  } catch {
    // As for the id: without storage, linking starts from the bot again.
  }
}

/** The pending id and its proof, removed from storage: they are used once, whatever the outcome. */
export function takePendingTelegramLink(): { telegramId: string; proof: string } | null {
  try {
    const telegramId = localStorage.getItem(storageKeys.pendingTelegramId);
    const proof = localStorage.getItem(storageKeys.pendingTelegramProof);
    localStorage.removeItem(storageKeys.pendingTelegramId);
    localStorage.removeItem(storageKeys.pendingTelegramProof);
    return telegramId && proof && TELEGRAM_ID.test(telegramId) && TELEGRAM_PROOF.test(proof) ? { telegramId, proof } : null;
  } catch {
    return null;
  }
}
