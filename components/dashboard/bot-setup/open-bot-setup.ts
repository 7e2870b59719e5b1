// SPEC §2 Dashboard: the header forces the walkthrough open, even once every step is done.
export const OPEN_BOT_SETUP_EVENT = "openBotSetup";
export const BOT_SETUP_SECTION_ID = "bot-setup";

export function openBotSetup(): void {
  window.dispatchEvent(new Event(OPEN_BOT_SETUP_EVENT));
}
