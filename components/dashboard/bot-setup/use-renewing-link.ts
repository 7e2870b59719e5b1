"use client";

import { useEffect, useState } from "react";
import { useQuery, type Query } from "@tanstack/react-query";
import { ApiRequestError } from "@/components/api/api-request-error";
import { linkUsable, renewalDelay } from "@/lib/telegram/link-renewal";
import { botSetupKeys } from "./bot-setup-query-keys";

type Link = { expiresAt: string };

/** What a step shows of its link: the link while it is usable, or whether asking for one failed. */
export type RenewingLink<T> = { data: T | undefined; error: Error | null };

// Timers run at once past 2^31 ms; a link lives minutes, so a day is as good as never.
const LONGEST_TIMER_MS = 24 * 60 * 60_000;

const due = <T extends Link>(query: Query<T, Error, T, readonly unknown[]>) =>
  query.state.data
    ? Math.min(renewalDelay({ expiresAt: query.state.data.expiresAt, receivedAt: query.state.dataUpdatedAt }, Date.now()), LONGEST_TIMER_MS)
    : 0;

/**
 * A one-time link the walkthrough shows (the QR's, the bot's start link). It is asked for
 * again a minute before its `expiresAt` while the step is on screen; a step shown again, or a tab
 * looked at again, asks for a new one if the one held is due; and a lapsed link is never returned.
 */
export function useRenewingLink<T extends Link>(
  name: "qr-link" | "start-link",
  request: () => Promise<T>,
  enabled: boolean,
): RenewingLink<T> {
  const query = useQuery({
    queryKey: botSetupKeys.link(name),
    queryFn: request,
    enabled,
    // Asked again once when no answer came or the server failed; a refusal stands.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500),
    staleTime: due,
    refetchOnWindowFocus: true,
    // Never 0 (that would stop renewing): a link due now is asked for within a second.
    refetchInterval: (query) => (query.state.data ? Math.max(due(query), 1000) : false),
  });
  // The time the link was last judged at: on mount, and when the held link lapses.
  const [now, setNow] = useState(() => Date.now());
  const held = query.data ? { expiresAt: query.data.expiresAt, receivedAt: query.dataUpdatedAt } : null;
  const usable = held !== null && linkUsable(held, Math.max(now, held.receivedAt));

  // The link goes from the screen the moment it lapses, even while no renewal can run.
  const end = held && usable ? Date.parse(held.expiresAt) : null;
  useEffect(() => {
    if (end === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Math.max(end - Date.now(), 0) + 1, LONGEST_TIMER_MS));
    return () => clearTimeout(timer);
  }, [end]);

  return { data: usable ? query.data : undefined, error: usable ? null : query.error };
}
