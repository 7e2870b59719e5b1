// SPEC §2 and §4 Bot setup walkthrough: four steps and the rules for moving between them.
export const BOT_SETUP_STEPS = [
  "Prepare Your Phone",
  "Download the messaging app",
  "Link the messaging account",
  "Open the Bot Link",
] as const;

export const STEP_COUNT = BOT_SETUP_STEPS.length;
export const LAST_STEP = STEP_COUNT - 1;
export const OPEN_BOT_LINK_STEP = 3;

// SPEC §9: advance 1 s after a scan, 0.5 s after a manual done. The spec's 10 s QR auto-scan is
// replaced by detecting the scan for real (the server records that the QR's link was opened; the
// walkthrough polls for it), with 'Mark as done' as the fallback (D15).
export const ADVANCE_AFTER_SCAN_MS = 1000;
export const ADVANCE_AFTER_DONE_MS = 500;

export type BotSetupProgress = {
  currentStep: number;
  completedSteps: number[];
  telegramLinked: boolean;
  telegramUsername: string | null;
  lastUpdated: string | null;
};

const isStep = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= LAST_STEP;

/** Reads the stored botsetup_step object; anything malformed falls back to a fresh start. */
export function readProgress(stored: Record<string, unknown> | null | undefined): BotSetupProgress {
  const value = stored ?? {};
  const completed = Array.isArray(value.completedSteps) ? value.completedSteps.filter(isStep) : [];
  return {
    currentStep: isStep(value.currentStep) ? value.currentStep : 0,
    completedSteps: [...new Set(completed)].sort((a, b) => a - b),
    telegramLinked: value.telegramLinked === true,
    telegramUsername: typeof value.telegramUsername === "string" ? value.telegramUsername : null,
    lastUpdated: typeof value.lastUpdated === "string" ? value.lastUpdated : null,
  };
}

export function isDone(progress: BotSetupProgress, step: number): boolean {
  return progress.completedSteps.includes(step);
}

export function allDone(completedSteps: readonly number[]): boolean {
  return BOT_SETUP_STEPS.every((_, step) => completedSteps.includes(step));
}

/**
 * Whether the coach bot is set up: only a linked chat (a telegram_links row, which is where
 * `telegramLinked` comes from) lets the coach reach the member, so every step ticked by hand
 * without it is not "set up".
 */
export function botIsSetUp(progress: Pick<BotSetupProgress, "completedSteps" | "telegramLinked">): boolean {
  return progress.telegramLinked && allDone(progress.completedSteps);
}

/** SPEC §4: a step can be jumped to if it is at or before the current one, the previous step is done, or it is step 0. */
export function canJumpTo(progress: BotSetupProgress, step: number): boolean {
  if (!isStep(step)) return false;
  return step === 0 || step <= progress.currentStep || isDone(progress, step - 1);
}

/** SPEC §4: Next is enabled only if the current step is done or is the last. */
export function canGoNext(progress: BotSetupProgress): boolean {
  return progress.currentStep === LAST_STEP || isDone(progress, progress.currentStep);
}

export function markDone(progress: BotSetupProgress, step: number): BotSetupProgress {
  if (!isStep(step) || isDone(progress, step)) return progress;
  return { ...progress, completedSteps: [...progress.completedSteps, step].sort((a, b) => a - b) };
}

/** The step after `step`, staying on the last one. */
export function nextStep(step: number): number {
  return Math.min(step + 1, LAST_STEP);
}

/** SPEC §4: the walkthrough hides itself once all 4 steps are done unless forced open. */
export function walkthroughVisible(progress: BotSetupProgress, forced: boolean): boolean {
  return forced || !allDone(progress.completedSteps);
}

/** Linking the chat (the bot saw the member's start token) completes the last step. */
export function withTelegramLinked(progress: BotSetupProgress, username: string | null, now: Date): BotSetupProgress {
  const linked = markDone(progress, OPEN_BOT_LINK_STEP);
  return { ...linked, telegramLinked: true, telegramUsername: username, lastUpdated: now.toISOString() };
}

/**
 * For a member who has paid and has not linked the coach bot, the walkthrough is the next
 * thing to do, so the dashboard shows it first; once the bot is linked it sits below the cards.
 */
export function walkthroughComesFirst(paid: boolean, progress: Pick<BotSetupProgress, "telegramLinked"> | undefined): boolean {
  return paid && progress !== undefined && !progress.telegramLinked;
}
