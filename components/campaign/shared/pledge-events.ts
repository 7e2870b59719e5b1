import { sendWindowEvent, windowEvents } from "@/components/window-events";

// SPEC §2: Take Pledge opens the pledge drawer through a window event named openPledgeDrawer.
export function openPledgeDrawer(): void {
  sendWindowEvent(windowEvents.openPledgeDrawer);
}
