// SPEC §9: the payment step's session lasts 480 s, counted from when the step opens (D3: it is
// the page's own session; the seat hold on the server lasts longer).
export const PAYMENT_SESSION_SECONDS = 480;

/** "08:00", "00:59", "00:00". */
export function formatCountdown(seconds: number): string {
  const left = Math.max(0, Math.ceil(seconds));
  return `${String(Math.floor(left / 60)).padStart(2, "0")}:${String(left % 60).padStart(2, "0")}`;
}

/** Seconds left of the session that started at `startedAt` (ms), at `now` (ms). */
export function secondsLeft(startedAt: number, now: number): number {
  return Math.max(0, PAYMENT_SESSION_SECONDS - Math.floor((now - startedAt) / 1000));
}
