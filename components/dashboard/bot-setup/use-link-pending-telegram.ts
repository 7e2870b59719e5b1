"use client";

import { useEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/components/api/api-request";
import { takePendingTelegramLink } from "@/components/auth/pending-telegram-id";
import { toast } from "@/components/ui/sonner";
import { botSetupKeys } from "./bot-setup-query-keys";

export const TELEGRAM_LINKED = "Telegram account linked successfully!";
export const TELEGRAM_LINK_FAILED = "Failed to link Telegram account. Please try again.";

/**
 * SPEC §2 and D8: a member who came from the bot's sign-in link (/auth?telegram_id=…&telegram_proof=…)
 * has the id and the bot's proof kept locally; once signed in, the dashboard links them.
 */
export function useLinkPendingTelegram(email: string): void {
  const queryClient = useQueryClient();
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !email) return;
    started.current = true;
    const pending = takePendingTelegramLink();
    if (!pending) return;
    apiRequest({
      method: "POST",
      path: "/api/auth/link-telegram-user-email",
      auth: "required",
      body: { telegram_id: pending.telegramId, email, proof: pending.proof },
      schema: () => import("@/lib/telegram/telegram-auth-schemas").then((m) => m.linkTelegramResultSchema),
      fallback: TELEGRAM_LINK_FAILED,
    })
      .then(() => {
        toast.success(TELEGRAM_LINKED);
        return queryClient.invalidateQueries({ queryKey: botSetupKeys.all });
      })
      .catch(() => toast.error(TELEGRAM_LINK_FAILED));
  }, [email, queryClient]);
}
