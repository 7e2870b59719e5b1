"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { OPEN_BOT_LINK_STEP } from "@/lib/telegram/bot-setup-rules";
import type { BotSetupProgressResponse, BotSetupUpdate } from "@/lib/telegram/bot-setup-schemas";
import { botSetupKeys } from "./bot-setup-query-keys";
import { useRenewingLink } from "./use-renewing-link";
import { fetchBotSetup, fetchQrStatus, fetchStoryPostLink, requestQrLink, requestStartLink, saveBotSetup } from "./bot-setup-requests";

const POLL_MS = 2000;

/** The walkthrough's stored progress; polled while the last step waits for the bot to see the member. */
export function useBotSetupQuery() {
  return useQuery({
    queryKey: botSetupKeys.progress(),
    queryFn: ({ signal }) => fetchBotSetup(signal),
    staleTime: 10_000,
    retry: 2,
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && data.currentStep === OPEN_BOT_LINK_STEP && !data.telegramLinked ? POLL_MS : false;
    },
  });
}

/** SPEC §4: progress is saved to the user record after each change. */
export function useSaveBotSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: BotSetupUpdate) => saveBotSetup(update),
    onMutate: (update) => {
      queryClient.setQueryData<BotSetupProgressResponse>(botSetupKeys.progress(), (old) =>
        old ? { ...old, currentStep: update.currentStep, completedSteps: [...new Set([...update.completedSteps, ...(old.telegramLinked ? [3] : [])])].sort((a, b) => a - b) } : old,
      );
    },
    onSuccess: (saved) => queryClient.setQueryData(botSetupKeys.progress(), saved),
  });
}

/** The QR's link (15 min on the server), renewed before it lapses (issue 26). */
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

/** The bot's one-time start link (30 min on the server), renewed before it lapses (issue 26). */
export function useStartLink(enabled: boolean) {
  return useRenewingLink("start-link", requestStartLink, enabled);
}

/** The edit link of the member's newest /story post; asked only once the bot is linked. */
export function useStoryPostLink(enabled: boolean) {
  return useQuery({ queryKey: botSetupKeys.storyPost(), queryFn: ({ signal }) => fetchStoryPostLink(signal), enabled, staleTime: 60_000, retry: 1 });
}
