import "server-only";
import { botIsSetUp, OPEN_BOT_LINK_STEP, readProgress, type BotSetupProgress } from "@/lib/telegram/bot-setup-rules";
import { db, type Executor } from "../client";

/**
 * Stores the walkthrough progress and whether the bot is set up (every step done and the chat
 * linked: steps the member ticked by hand do not link anything), in the caller's transaction.
 */
export async function writeProgress(tx: Executor, userId: string, progress: BotSetupProgress): Promise<void> {
  await tx`
    update public.users set botsetup_step = ${tx.json(progress)}, botsetup_completed = ${botIsSetUp(progress)}
    where id = ${userId}`;
}

type SetupRow = { botsetup_step: Record<string, unknown>; botsetup_completed: boolean; linked: boolean; telegram_username: string | null };

/**
 * The stored walkthrough with whether Telegram is linked (and as whom) taken
 * from the member's link, whatever the stored object says.
 */
function withLink(row: SetupRow): BotSetupProgress {
  return { ...readProgress(row.botsetup_step), telegramLinked: row.linked, telegramUsername: row.linked ? row.telegram_username : null };
}

/** The walkthrough progress stored on the member's row. */
export async function readBotSetup(userId: string): Promise<{ progress: BotSetupProgress; completed: boolean } | null> {
  const [row] = await db()<SetupRow[]>`
    select u.botsetup_step, u.botsetup_completed, l.user_id is not null as linked, l.telegram_username
    from public.users u left join public.telegram_links l on l.user_id = u.id
    where u.id = ${userId}`;
  if (!row) return null;
  const progress = withLink(row);
  // Told from the link as it is now, like telegramLinked: a replaced link un-completes the set-up.
  return { progress, completed: botIsSetUp(progress) };
}

/**
 * Saves the walkthrough's own fields (current step, completed steps); whether Telegram is linked
 * stays what the server recorded, whatever the browser sends.
 */
export async function saveBotSetup(
  userId: string,
  currentStep: number,
  completedSteps: number[],
): Promise<{ progress: BotSetupProgress; completed: boolean } | null> {
  return db().begin(async (tx) => {
    const [row] = await tx<SetupRow[]>`
      select u.botsetup_step, u.botsetup_completed, l.user_id is not null as linked, l.telegram_username
      from public.users u left join public.telegram_links l on l.user_id = u.id
      where u.id = ${userId} for update of u`;
    if (!row) return null;
    const stored = withLink(row);
    const progress = readProgress({
      ...stored,
      currentStep,
      // The last step stays done once the bot has linked the chat.
      completedSteps: [...completedSteps, ...(stored.telegramLinked ? [OPEN_BOT_LINK_STEP] : [])],
      lastUpdated: new Date().toISOString(),
    });
    await writeProgress(tx, userId, progress);
    return { progress, completed: botIsSetUp(progress) };
  });
}

export async function insertQrScan(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await db()`insert into public.telegram_qr_scans (token_hash, user_id, expires_at) values (${tokenHash}, ${userId}, ${expiresAt})`;
}

/**
 * Records that the QR's link was opened: the member it belongs to and whether this was the first
 * opening, or null for an unknown or expired link.
 */
export async function markQrScanned(tokenHash: string): Promise<{ userId: string; first: boolean } | null> {
  const [first] = await db()<{ user_id: string }[]>`
    update public.telegram_qr_scans set scanned_at = now()
    where token_hash = ${tokenHash} and expires_at > now() and scanned_at is null
    returning user_id`;
  if (first) return { userId: first.user_id, first: true };
  const [again] = await db()<{ user_id: string }[]>`
    select user_id from public.telegram_qr_scans where token_hash = ${tokenHash} and expires_at > now()`;
  return again ? { userId: again.user_id, first: false } : null;
}

/** Whether the member's QR link (named by its hash) has been opened. */
export async function qrScanned(userId: string, tokenHash: string): Promise<boolean> {
  const [row] = await db()<{ scanned: boolean }[]>`
    select scanned_at is not null as scanned from public.telegram_qr_scans where token_hash = ${tokenHash} and user_id = ${userId}`;
  return row?.scanned ?? false;
}

export async function memberEmail(userId: string): Promise<string | null> {
  const [row] = await db()<{ email: string }[]>`select email from public.users where id = ${userId}`;
  return row?.email ?? null;
}
