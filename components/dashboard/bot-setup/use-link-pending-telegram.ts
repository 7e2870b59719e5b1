"use client";

import { useCallback, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/components/api/api-request";
import { forgetPendingTelegramLink, readPendingTelegramLink, type PendingTelegramLink } from "@/components/auth/pending-telegram-id";
import { toast } from "@/components/ui/sonner";
import { botSetupKeys } from "./bot-setup-query-keys";

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
 * has the id and the bot's proof kept locally. Issue 25: nothing links on arrival; the dashboard
 * asks "Link Telegram user X to your account?" and links only when the member says yes (a link
 * someone else sent would otherwise put their Telegram on this account).
 */
export function useLinkPendingTelegram(email: string): PendingTelegramLinkState {
  const queryClient = useQueryClient();
  // Read once on the client (storage is not there on the server; the dialog shows after the walkthrough's data loads).
  const [pending, setPending] = useState<PendingTelegramLink | null>(() => (email ? readPendingTelegramLink() : null));
  const [linking, setLinking] = useState(false);

  const dismiss = useCallback(() => {
    forgetPendingTelegramLink();
    setPending(null);
  }, []);

  const confirm = useCallback(() => {
    if (!pending || linking) return;
    setLinking(true);
    forgetPendingTelegramLink();
    apiRequest({
      method: "POST",
      path: "/api/auth/link-telegram-user-email",
      auth: "required",
      body: { telegram_id: pending.telegramId, ...(pending.username ? { telegram_username: pending.username } : {}), email, proof: pending.proof },
      schema: () => import("@/lib/telegram/telegram-auth-schemas").then((m) => m.linkTelegramResultSchema),
      fallback: TELEGRAM_LINK_FAILED,
    })
      .then(() => {
        toast.success(TELEGRAM_LINKED);
        return queryClient.invalidateQueries({ queryKey: botSetupKeys.all });
      })
      .catch(() => toast.error(TELEGRAM_LINK_FAILED))
      .finally(() => {
        setLinking(false);
        setPending(null);
      });
  }, [email, linking, pending, queryClient]);

  return { pending, linking, confirm, dismiss };
}
