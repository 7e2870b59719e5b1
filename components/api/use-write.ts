"use client";

import { useCallback, useContext, useEffect, useRef, useState } from "react";
import { QueryClient, QueryClientContext, useMutation } from "@tanstack/react-query";

/** What a run came to: the write's answer, or its failure (null for a run turned away while busy). */
export type WriteOutcome<R> = { ok: true; data: R } | { ok: false; error: unknown };

export type WriteOptions = {
  /** The failure as the person reads it in place; null says nothing there (a toast says it instead, say). */
  message?: (error: unknown) => string | null;
  /** Told of each failure, before the run resolves (a refused seat refreshes the cohorts, say). */
  onError?: (error: unknown) => void;
};

export type Write = {
  /** Sends the write; a second run while one is under way is turned away (a double click sends once). */
  run: <R>(write: () => Promise<R>) => Promise<WriteOutcome<R>>;
  /** Sends the last write again. */
  retry: () => Promise<WriteOutcome<unknown>>;
  busy: boolean;
  /** The last run succeeded (a page on its way elsewhere stays disabled). */
  done: boolean;
  /** The last failure's message, or a message said in place without sending (`fail`). */
  error: string | null;
  /** The last failure as thrown (a 422's field details, say); null when the last run did not fail. */
  failure: unknown;
  /** Says a message in place without sending anything (a form's own check). */
  fail: (message: string) => void;
  /** Clears the message said in place (the person edits what was refused, say). */
  reset: () => void;
};

type AnyWrite = () => Promise<unknown>;

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : null);

/**
 * The one way a browser write runs: busy while it is under way, its failure kept and said as a
 * message, sent again with `retry`. Built on TanStack Query's mutation, inside the page's query
 * client where there is one (else one of its own).
 */
export function useWrite({ message = errorMessage, onError }: WriteOptions = {}): Write {
  const provided = useContext(QueryClientContext);
  const [own] = useState(() => (provided ? null : new QueryClient()));
  // Always sent: a browser that says it is offline gets the request's own 'no answer' message, not a paused write.
  const mutation = useMutation(
    { mutationFn: (write: AnyWrite) => write(), networkMode: "always", retry: false },
    provided ?? own ?? undefined,
  );
  const { mutateAsync, reset: forget } = mutation;
  const inFlight = useRef(false);
  const last = useRef<AnyWrite | null>(null);
  const told = useRef(onError);
  useEffect(() => {
    told.current = onError;
  });
  const [said, setSaid] = useState<string | null>(null);

  // The same functions on every render, so an effect may depend on them.
  const run = useCallback(
    async <R>(write: () => Promise<R>): Promise<WriteOutcome<R>> => {
      if (inFlight.current) return { ok: false, error: null };
      inFlight.current = true;
      last.current = write;
      setSaid(null);
      let outcome: WriteOutcome<R> = { ok: false, error: null };
      try {
        await mutateAsync(async () => {
          outcome = { ok: true, data: await write() };
        });
      } catch (error) {
        told.current?.(error);
        outcome = { ok: false, error };
      } finally {
        inFlight.current = false;
      }
      return outcome;
    },
    [mutateAsync],
  );
  const retry = useCallback(() => (last.current ? run(last.current) : Promise.resolve({ ok: false as const, error: null })), [run]);
  const fail = useCallback(
    (text: string) => {
      if (!inFlight.current) forget();
      setSaid(text);
    },
    [forget],
  );
  // A write under way is not forgotten: only what is said in place is cleared.
  const reset = useCallback(() => {
    if (!inFlight.current) forget();
    setSaid(null);
  }, [forget]);

  const failure = mutation.isError ? mutation.error : null;
  return {
    run,
    retry,
    busy: mutation.isPending,
    done: mutation.isSuccess,
    error: said ?? (failure ? message(failure) : null),
    failure,
    fail,
    reset,
  };
}
