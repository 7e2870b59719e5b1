// SPEC §2: Take Pledge opens the pledge drawer through a window event named openPledgeDrawer.
export const OPEN_PLEDGE_DRAWER_EVENT = "openPledgeDrawer";
/** Sent after a pledge is kept, so counters on the page can move. */
export const PLEDGE_TAKEN_EVENT = "pledgeTaken";

export function openPledgeDrawer(): void {
  window.dispatchEvent(new Event(OPEN_PLEDGE_DRAWER_EVENT));
}
