"use client";

import { BotSetupWalkthrough } from "./bot-setup/bot-setup-walkthrough";

export { BOT_SETUP_SECTION_ID } from "./bot-setup/open-bot-setup";

/** Where the header's 'Set up your coach bot' leads: the four-step walkthrough (SPEC §2, §4). */
export function BotSetupSection({ email }: { email: string }) {
  return <BotSetupWalkthrough email={email} />;
}
