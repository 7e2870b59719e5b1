"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/sonner";
import { allDone, OPEN_BOT_LINK_STEP } from "@/lib/telegram/bot-setup-rules";
import type { BotSetupProgressResponse, BotSetupUpdate } from "@/lib/telegram/bot-setup-schemas";
import { botSetupKeys } from "./bot-setup-query-keys";
import { useRenewingLink } from "./use-renewing-link";
import { fetchBotSetup, fetchQrStatus, fetchStoryPostLink, requestQrLink, requestStartLink, saveBotSetup } from "./bot-setup-api";

const POLL_MS = 2000;

/**
 * The walkthrough's stored progress; polled while the bot has not seen the member and the last step
 * (or the card that offers its link again once every step is ticked) waits for it.
 */
export function useBotSetupQuery() {
  return useQuery({
    queryKey: botSetupKeys.progress(),
    queryFn: ({ signal }) => fetchBotSetup(signal),
    staleTime: 10_000,
    retry: 2,
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && !data.telegramLinked && (data.currentStep === OPEN_BOT_LINK_STEP || allDone(data.completedSteps)) ? POLL_MS : false;
    },
  });
}

export const SAVE_FAILED = {
  title: "Failed to save your progress",
  description: "Your last change was not saved, so the set-up is back where it was. Please try again.",
} as const;

/**
 * SPEC §4: progress is saved to the user record after each change. The change shows at once; a
 * save that fails puts back what was there and says so, and the progress is read again.
 */
export function useSaveBotSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: BotSetupUpdate) => saveBotSetup(update),
    onMutate: async (update) => {
      await queryClient.cancelQueries({ queryKey: botSetupKeys.progress() });
      const before = queryClient.getQueryData<BotSetupProgressResponse>(botSetupKeys.progress());
      queryClient.setQueryData<BotSetupProgressResponse>(botSetupKeys.progress(), (old) =>
        old
          ? {
              ...old,
              currentStep: update.currentStep,
              completedSteps: [...new Set([...update.completedSteps, ...(old.telegramLinked ? [3] : [])])].sort((a, b) => a - b),
            }
          : old,
      );
      return { before };
    },
    onSuccess: (saved) => queryClient.setQueryData(botSetupKeys.progress(), saved),
    onError: (_error, _update, context) => {
      if (context?.before) queryClient.setQueryData(botSetupKeys.progress(), context.before);
      toast.error(SAVE_FAILED.title, { id: "bot-setup-save-failed", description: SAVE_FAILED.description });
      void queryClient.invalidateQueries({ queryKey: botSetupKeys.progress() });
    },
  });
}

/** The QR's link (15 min on the server), renewed before it lapses. */
export function useQrLink(enabled: boolean) {
  return useRenewingLink("qr-link", requestQrLink, enabled);
}

/** Whether the phone opened the QR's link: asked every 2 s until it has. */
export function useQrScanned(id: string | undefined) {
  return useQuery({
    queryKey: botSetupKeys.qrStatus(id ?? ""),
    queryFn: ({ signal }) => fetchQrStatus(id ?? "", signal),
    enabled: Boolean(id),
    refetchInterval: (query) => (query.state.data?.scanned ? false : POLL_MS),
  });
}

/** The bot's one-time start link (30 min on the server), renewed before it lapses. */
export function useStartLink(enabled: boolean) {
  return useRenewingLink("start-link", requestStartLink, enabled);
}

/** The edit link of the member's newest /story post; asked only once the bot is linked. */
export function useStoryPostLink(enabled: boolean) {
  return useQuery({
    queryKey: botSetupKeys.storyPost(),
    queryFn: ({ signal }) => fetchStoryPostLink(signal),
    enabled,
    staleTime: 60_000,
    retry: 1,
  });
}
