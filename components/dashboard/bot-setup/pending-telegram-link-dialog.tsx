"use client";

import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { PendingTelegramLinkState } from "./use-link-pending-telegram";

/** How the confirmation names a Telegram user: its username, or its id when it has none. */
export function telegramUserName(pending: { telegramId: string; username?: string }): string {
  return pending.username ? `@${pending.username}` : pending.telegramId;
}

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
          <DialogTitle>Link Telegram user {telegramUserName(pending)} to your account?</DialogTitle>
          <DialogDescription>
            Only link a Telegram account that is yours: the coach bot will answer it with your daily plan and post its stories under your account.
          </DialogDescription>
        </DialogHeader>
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
