// SPEC §2: Take Pledge opens the pledge drawer through a window event named openPledgeDrawer.
export const OPEN_PLEDGE_DRAWER_EVENT = "openPledgeDrawer";
/** Sent after a pledge is kept, so counters on the page can move; its detail is the pledge's number. */
export const PLEDGE_TAKEN_EVENT = "pledgeTaken";

export function announcePledge(pledgeNumber: number): void {
  window.dispatchEvent(new CustomEvent(PLEDGE_TAKEN_EVENT, { detail: pledgeNumber }));
}

/** The pledge number a PLEDGE_TAKEN_EVENT carries, or null. */
export function announcedPledgeNumber(event: Event): number | null {
  const detail: unknown = event instanceof CustomEvent ? event.detail : null;
  return typeof detail === "number" && Number.isSafeInteger(detail) && detail > 0 ? detail : null;
}

export function openPledgeDrawer(): void {
  window.dispatchEvent(new Event(OPEN_PLEDGE_DRAWER_EVENT));
}
