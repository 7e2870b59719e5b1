import "server-only";

// D20: a stop (SIGTERM from the host, SIGINT from a terminal) finishes what the process is doing
// before it ends. The state lives on globalThis: Next loads instrumentation and each route from
// bundles of their own, and the readiness check must see the stop the signal handler began.

const globalForStop = globalThis as typeof globalThis & { __processStopping?: boolean };

/** The most a stop may take: jobs have 10 s, requests the rest; then the process ends anyway (exit 1). */
export const STOP_LIMIT_MS = 25_000;

const SIGNALS = ["SIGTERM", "SIGINT"] as const;
type StopSignal = (typeof SIGNALS)[number];
type SignalListener = (signal: StopSignal) => void;

/** Whether a stop has begun in this process: the readiness check answers 503 from then on. */
export function isStopping(): boolean {
  return globalForStop.__processStopping === true;
}

/** For tests: a process that is not stopping. */
export function resetStopping(): void {
  globalForStop.__processStopping = undefined;
}

/** The part of `process` a stop uses (a test passes its own). */
export type StopHost = {
  listeners: (signal: StopSignal) => unknown[];
  removeListener: (signal: StopSignal, listener: SignalListener) => unknown;
  on: (signal: StopSignal, listener: SignalListener) => unknown;
  exit: (code: number) => void;
};

export type StopOptions = {
  /** The work to let finish first (running jobs); its errors are logged and the stop goes on. */
  finishWork: () => Promise<void>;
  /** What to wait for, beside the work, before the earlier handler stops accepting (requests to stop coming). */
  drain?: () => Promise<void>;
  /** What this process closes itself before it exits 0, when no earlier handler ends it (the worker's health server, its pool). */
  close?: () => Promise<void>;
  /** Logs a line (the server's logger; a test's list). */
  say: (level: "info" | "error", message: string, fields?: Record<string, unknown>) => void;
  limitMs?: number;
  host?: StopHost;
};

/**
 * Installs the stop. In `next start` this runs after Next installed its own SIGTERM/SIGINT handler
 * (start-server.js: close the HTTP server, wait for the requests in flight, then exit 143/130). Left
 * as it was, that handler closes the listener at once, so the connections still in its queue are
 * reset and the jobs this process runs are cut by its exit, while this process's own handler exited
 * even sooner, cutting requests. So the handlers found here are taken off and called last: on a
 * signal the instance says it is stopping (readiness 503), lets its running jobs finish and waits
 * for requests to stop coming (`drain`: it still answers meanwhile, while the balancer takes it out),
 * then hands the signal to Next's handler, which stops accepting, finishes the requests in flight
 * and exits. With no earlier handler (the worker, or a host that set NEXT_MANUAL_SIG_HANDLE) it
 * closes what it holds and exits 0. A timer bounds it all.
 */
export function installProcessStop(options: StopOptions): void {
  const host: StopHost = options.host ?? (process as unknown as StopHost);
  const limitMs = options.limitMs ?? STOP_LIMIT_MS;
  const earlier = new Map<StopSignal, SignalListener[]>();
  for (const signal of SIGNALS) {
    const listeners = host.listeners(signal) as SignalListener[];
    earlier.set(signal, listeners);
    for (const listener of listeners) host.removeListener(signal, listener);
  }

  const stop = (signal: StopSignal): void => {
    // A terminal's Ctrl+C reaches every process of its group, and `next dev` forwards it again.
    if (isStopping()) return;
    globalForStop.__processStopping = true;
    options.say("info", "Stopping: finishing running jobs and requests in flight", { signal });
    const timer = setTimeout(() => {
      options.say("error", "The stop did not finish in time: the process ends now", { signal, limitMs });
      host.exit(1);
    }, limitMs);
    timer.unref?.();
    void (async () => {
      await Promise.all([
        options.finishWork().catch((error: unknown) => options.say("error", "Running jobs could not be finished", { error })),
        options.drain?.(),
      ]);
      const handOver = earlier.get(signal) ?? [];
      if (handOver.length > 0) {
        for (const listener of handOver) listener(signal);
        return;
      }
      await options.close?.().catch((error: unknown) => options.say("error", "Could not close the process's resources", { error }));
      options.say("info", "Stopped", { signal });
      host.exit(0);
    })();
  };
  for (const signal of SIGNALS) host.on(signal, stop);
}
