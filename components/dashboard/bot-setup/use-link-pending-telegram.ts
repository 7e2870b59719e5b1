"use client";

import { useCallback, useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useWrite } from "@/components/api/use-write";
import {
  forgetPendingTelegramLink,
  pendingTelegramIdWithoutProof,
  readPendingTelegramLink,
  TELEGRAM_LINK_INCOMPLETE,
  type PendingTelegramLink,
} from "@/components/auth/pending-telegram-id";
import { toast } from "@/components/ui/sonner";
import { botSetupKeys } from "./bot-setup-query-keys";
import { linkTelegramUser } from "./bot-setup-api";

export const TELEGRAM_LINKED = "Telegram account linked successfully!";
export const TELEGRAM_LINK_FAILED = "Failed to link Telegram account. Please try again.";

export type PendingTelegramLinkState = {
  /** The Telegram user the bot's sign-in link named, waiting for the member's answer. */
  pending: PendingTelegramLink | null;
  linking: boolean;
  confirm: () => void;
  dismiss: () => void;
};

/**
 * SPEC §2 and D8: a member who came from the bot's sign-in link (/auth?telegram_id=…&telegram_proof=…)
 * has the id and the bot's proof kept locally. Nothing links on arrival; the dashboard
 * asks "Link Telegram user X to your account?" and links only when the member says yes (a link
 * someone else sent would otherwise put their Telegram on this account).
 */
export function useLinkPendingTelegram(email: string): PendingTelegramLinkState {
  const queryClient = useQueryClient();
  // Read once on the client (storage is not there on the server; the dialog shows after the walkthrough's data loads).
  const [pending, setPending] = useState<PendingTelegramLink | null>(() => (email ? readPendingTelegramLink() : null));
  const { run, busy: linking } = useWrite();

  // An id that came without the bot's proof links nothing; say so once, then forget it.
  useEffect(() => {
    if (!email || !pendingTelegramIdWithoutProof()) return;
    forgetPendingTelegramLink();
    toast.error(TELEGRAM_LINK_INCOMPLETE.title, { id: "telegram-link-incomplete", description: TELEGRAM_LINK_INCOMPLETE.onDashboard });
  }, [email]);

  const dismiss = useCallback(() => {
    forgetPendingTelegramLink();
    setPending(null);
  }, []);

  const confirm = useCallback(() => {
    if (!pending || linking) return;
    forgetPendingTelegramLink();
    const { telegramId, username, proof } = pending;
    void run(async () => {
      await linkTelegramUser({ telegramId, username, proof, email });
      toast.success(TELEGRAM_LINKED);
      await queryClient.invalidateQueries({ queryKey: botSetupKeys.all });
    }).then((outcome) => {
      if (!outcome.ok && outcome.error === null) return;
      if (!outcome.ok) {
        const message = outcome.error instanceof Error ? outcome.error.message : null;
        // The server's own word is this message; the spec's default for the call says more.
        toast.error(TELEGRAM_LINK_FAILED, {
          id: "telegram-link-failed",
          description: message && message !== TELEGRAM_LINK_FAILED ? message : undefined,
        });
      }
      setPending(null);
    });
  }, [email, linking, pending, queryClient, run]);

  return { pending, linking, confirm, dismiss };
}
