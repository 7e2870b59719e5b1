// SPEC §4 Pledge drawer and §9: steps 1 Your Info, 2 Your Pledge, 3 Your Badge.
export const PLEDGE_STEPS = ["Your Info", "Your Pledge", "Your Badge"] as const;
export const CONFETTI_DELAY_MS = 500;
export const CONFETTI = { particleCount: 100, spread: 70, origin: { y: 0.6 } } as const;
export const SHARE_TO_BADGE_MS = 1000;
/** Drawer: close threshold 0.25, scroll-lock timeout 100 ms (velocity 0.4 and 0.5 s are vaul's own). */
export const DRAWER_CLOSE_THRESHOLD = 0.25;
export const DRAWER_SCROLL_LOCK_MS = 100;

/** SPEC §5: name and email are required; blank values after trimming block submit silently. */
export function pledgeFormReady(name: string, email: string): boolean {
  return name.trim() !== "" && email.trim() !== "";
}

/** SPEC §4: each share adds 1 to 5 people to the impact tracker. */
export function impactFromShare(random: () => number = Math.random): number {
  return 1 + Math.floor(random() * 5);
}
