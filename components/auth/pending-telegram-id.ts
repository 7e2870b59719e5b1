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

/**
 * Keeps the bot's proof (and the username it signed) for the pending id, from the address bar, when
 * they have their shapes. Without a proof of its shape nothing can link (a proof kept from an
 * earlier link is dropped, never paired with this id): false, and the page says so.
 */
export function rememberPendingTelegramProof(search: string): boolean {
  const params = new URLSearchParams(search);
  const proof = params.get("telegram_proof");
  const username = params.get("telegram_username");
  const valid = proof !== null && TELEGRAM_PROOF.test(proof);
  try {
    if (valid) localStorage.setItem(storageKeys.pendingTelegramProof, proof);
    else localStorage.removeItem(storageKeys.pendingTelegramProof);
    if (valid && username && TELEGRAM_USERNAME.test(username)) localStorage.setItem(storageKeys.pendingTelegramUsername, username);
    else localStorage.removeItem(storageKeys.pendingTelegramUsername);
  } catch {
    // As for the id: without storage, linking starts from the bot again.
  }
  return valid;
}

/**
 * Whether /auth was opened with a telegram_id that cannot link (no proof of its shape, or
 * an id that is not one), so the page says so instead of dropping it without a word.
 */
export function telegramLinkIncomplete(telegramId: string | undefined, proof: string | undefined): boolean {
  if (telegramId === undefined) return false;
  return parseTelegramId(telegramId) === null || proof === undefined || !TELEGRAM_PROOF.test(proof);
}

/** What /auth says when its telegram_id came without the coach bot's proof. */
export const TELEGRAM_LINK_INCOMPLETE = {
  title: "Your Telegram account was not linked",
  description:
    "The link you opened names a Telegram account but does not carry the coach bot's signature, so nothing was linked. Send /start to the coach bot in Telegram for a new sign-in link, or sign in and use Open the coach bot in the set-up on your dashboard.",
  /** The same, said on the dashboard, where a signed-in visitor of that link lands. */
  onDashboard:
    "The link you opened names a Telegram account but does not carry the coach bot's signature, so nothing was linked. Use Open the coach bot in the set-up below, or send /start to the coach bot in Telegram for a new sign-in link.",
} as const;

export type PendingTelegramLink = { telegramId: string; proof: string; username?: string };

/** The pending id, its proof and username, left in storage until the member answers. */
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

/** An id kept without a proof it can link with (the dashboard says so once, then forgets it). */
export function pendingTelegramIdWithoutProof(): boolean {
  try {
    const telegramId = localStorage.getItem(storageKeys.pendingTelegramId);
    return telegramId !== null && readPendingTelegramLink() === null;
  } catch {
    return false;
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
