// SPEC §2: Take Pledge opens the pledge drawer through a window event named openPledgeDrawer.
export const OPEN_PLEDGE_DRAWER_EVENT = "openPledgeDrawer";
export function openPledgeDrawer(): void {
  window.dispatchEvent(new Event(OPEN_PLEDGE_DRAWER_EVENT));
}
