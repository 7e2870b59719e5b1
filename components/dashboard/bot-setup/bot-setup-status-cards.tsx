"use client";

import { Check, TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { StartLinkButton } from "./bot-setup-steps";
import { BOT_SETUP_SECTION_ID } from "./open-bot-setup";
import { StoryPostLink } from "./story-post-link";
import { useStartLink } from "./use-bot-setup";

// What the walkthrough's card says once every step is ticked: set up (the bot linked the chat), or
// not linked yet (the coach cannot reach the member).

export const BOT_SET_UP = "Your coach bot is set up";
export const BOT_NOT_LINKED = "Your coach bot is not linked yet";
export const BOT_NOT_LINKED_TEXT =
  "The coach bot has not seen you in Telegram yet, so your coach cannot send you anything. Open the bot with this link and press Start: this card changes as soon as the bot sees you.";

/** Every step done and the chat linked: the coach can reach the member. */
export function BotSetUpCard({ username, onShowSteps }: { username: string | null; onShowSteps: () => void }) {
  return (
    <section
      id={BOT_SETUP_SECTION_ID}
      aria-labelledby="bot-setup-title"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card p-6 shadow-sm"
    >
      <div>
        <h2 id="bot-setup-title" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
          <Check aria-hidden="true" className="size-5 text-green-700" />
          {BOT_SET_UP}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">Connected{username ? ` as @${username}` : ""}.</p>
        <StoryPostLink linked />
      </div>
      <Button type="button" variant="outline" onClick={onShowSteps}>
        Show set-up steps
      </Button>
    </section>
  );
}

/**
 * Every step ticked, but the bot never saw the member (no telegram_links row): the coach cannot
 * reach them, so the card says what is missing and offers the bot's link again. It turns into the
 * set-up card as soon as the bot links the chat (the progress is polled meanwhile).
 */
export function BotNotLinkedCard({ onShowSteps }: { onShowSteps: () => void }) {
  const link = useStartLink(true);
  return (
    <section
      id={BOT_SETUP_SECTION_ID}
      aria-labelledby="bot-setup-title"
      className="grid gap-3 rounded-xl border border-warning bg-card p-6 shadow-sm"
    >
      <h2 id="bot-setup-title" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
        <TriangleAlert aria-hidden="true" className="size-5 text-warning" />
        {BOT_NOT_LINKED}
      </h2>
      <p className="text-sm">{BOT_NOT_LINKED_TEXT}</p>
      <div className="flex flex-wrap items-center gap-3">
        <StartLinkButton link={link} />
        <Button type="button" variant="outline" onClick={onShowSteps}>
          Show set-up steps
        </Button>
      </div>
    </section>
  );
}
