"use client";

import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { PendingTelegramLinkState } from "./use-link-pending-telegram";

/**
 * The confirmation's question. A user without a username is named as such: a bare number reads like
 * anyone's id, and the member cannot check it, so the dialog says how to tell the link is theirs.
 */
export function pendingLinkQuestion(pending: { telegramId: string; username?: string }): string {
  return pending.username
    ? `Link Telegram user @${pending.username} to your account?`
    : `Link the Telegram user without a username, id ${pending.telegramId}, to your account?`;
}

export const NO_USERNAME_WARNING =
  "Telegram shows no id in its app: link it only if you opened this page from the coach bot's message in your own Telegram just now.";

type PendingTelegramLinkDialogProps = PendingTelegramLinkState & {
  /** The Telegram username linked now, when the account has a link this one would replace. */
  replaces: { username: string | null } | null;
};

/**
 * The member's answer to the bot's sign-in link. Nothing links until 'Link Telegram' is
 * pressed; closing the dialog or 'Don't link' drops the pending link.
 */
export function PendingTelegramLinkDialog({ pending, linking, confirm, dismiss, replaces }: PendingTelegramLinkDialogProps) {
  if (!pending) return null;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : dismiss())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{pendingLinkQuestion(pending)}</DialogTitle>
          <DialogDescription>
            Only link a Telegram account that is yours: the coach bot will answer it with your daily plan and post its stories under your
            account.
          </DialogDescription>
        </DialogHeader>
        {pending.username ? null : <p className="text-sm">{NO_USERNAME_WARNING}</p>}
        {replaces ? (
          <p className="text-sm">
            This replaces the Telegram account linked now{replaces.username ? ` (@${replaces.username})` : ""}, and that chat will be told.
          </p>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={dismiss} disabled={linking}>
            Don&apos;t link
          </Button>
          <Button type="button" onClick={confirm} disabled={linking}>
            Link Telegram
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
