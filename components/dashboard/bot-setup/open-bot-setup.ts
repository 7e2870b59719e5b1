import { sendWindowEvent, windowEvents } from "@/components/window-events";

// SPEC §2 Dashboard: the header forces the walkthrough open, even once every step is done.
export const BOT_SETUP_SECTION_ID = "bot-setup";

export function openBotSetup(): void {
  sendWindowEvent(windowEvents.openBotSetup);
}
