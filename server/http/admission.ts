import "server-only";
import { BUSY_MESSAGE } from "@/lib/api/api-error-envelope";
import { ApiError } from "./api-error";

// Admission control for the expensive public writes (a pledge, say). Each one holds a database
// connection for its whole transaction, so a crowd of them beyond the pool only waits in the pool's
// queue, where a request that has already waited half a minute times out having done nothing, and
// the reads that share the pool (the pledge count's refresh) wait behind it. A gate admits up to
// `maxConcurrent` at once per process, lets up to `maxQueued` more wait for a turn for at most
// `maxWaitMs` (one that would not get a place in that time at the pace places come free is not let
// wait), and turns the rest away at once with a time to come back (Retry-After), before they
// read or write anything, so a refused request is safe to send again unchanged. A request once
// admitted runs to its end: nothing here ever cuts one short.

export type AdmissionLimits = {
  /** Requests running at once in this process. */
  maxConcurrent: number;
  /** Requests waiting for a turn; one more is refused at once. */
  maxQueued: number;
  /** The longest a request waits for a turn before it is refused (it has done nothing yet). */
  maxWaitMs: number;
};

/** Why a request was turned away: every place was taken, or its wait for one ran out. */
export type AdmissionRefusal = "full" | "waited";

export class AdmissionRefused extends Error {
  readonly gate: string;
  readonly reason: AdmissionRefusal;
  /** When to send it again, in whole seconds (Retry-After). */
  readonly retryAfterSeconds: number;

  constructor(gate: string, reason: AdmissionRefusal, retryAfterSeconds: number) {
    super(`${gate}: ${reason === "full" ? "every place is taken" : "no place came free in time"}`);
    this.name = "AdmissionRefused";
    this.gate = gate;
    this.reason = reason;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export type AdmissionStats = { running: number; waiting: number; admitted: number; refused: number };

/** Gives back the place it was handed with; calling it again does nothing. */
export type AdmissionRelease = () => void;

export type AdmissionGate = {
  readonly name: string;
  readonly limits: AdmissionLimits;
  /**
   * A place, once one is free: the release to call when the work is done (in a `finally`). Throws
   * AdmissionRefused when every place and waiting place is taken, or the wait runs out; a request
   * whose client went away (`signal`) stops waiting and is refused too.
   */
  acquire(signal?: AbortSignal): Promise<AdmissionRelease>;
  /** Runs `work` in a place, given back however it ends. */
  run<T>(work: () => T | Promise<T>, signal?: AbortSignal): Promise<T>;
  stats(): AdmissionStats;
};

/** Retry-After never says less than a second (its unit) nor more than this: a visitor is waiting. */
export const MAX_RETRY_AFTER_SECONDS = 30;
// Until the first request finishes, a request is taken to hold its place this long.
const FIRST_GUESS_MS = 250;
// How much each finished request moves the running estimate of how long one holds a place.
const SMOOTHING = 0.2;
// Refusals are remembered with this time constant: the demand that will come back after its wait.
const DEMAND_MEMORY_MS = 1000;

type Waiter = { admit: () => void; refuse: (error: AdmissionRefused) => void };

/** A gate of its own (tests, and gates()). Limits below 1 running or 0 waiting are raised to those. */
export function createAdmissionGate(name: string, limits: AdmissionLimits, now: () => number = () => performance.now()): AdmissionGate {
  const settled: AdmissionLimits = {
    maxConcurrent: Math.max(1, Math.floor(limits.maxConcurrent)),
    maxQueued: Math.max(0, Math.floor(limits.maxQueued)),
    maxWaitMs: Math.max(0, limits.maxWaitMs),
  };
  let running = 0;
  let admitted = 0;
  let refused = 0;
  let holdMs = FIRST_GUESS_MS;
  // About how many requests were turned away in the last second (decaying): each will come back, so
  // the time to come back counts them, and a crowd is spread over the seconds it takes to serve it
  // rather than told, all of it, to come back in the same second.
  let recentRefusals = 0;
  let refusedAt = now();
  const waiting: Waiter[] = [];

  // When the queue ahead, the ones turned away lately, and this request would be through at the pace places come free.
  function retryAfterSeconds(): number {
    const at = now();
    recentRefusals = recentRefusals * Math.exp(-Math.max(0, at - refusedAt) / DEMAND_MEMORY_MS) + 1;
    refusedAt = at;
    const ahead = running + waiting.length + recentRefusals;
    const seconds = Math.ceil((ahead * holdMs) / settled.maxConcurrent / 1000);
    return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, seconds));
  }

  function refusal(reason: AdmissionRefusal): AdmissionRefused {
    refused += 1;
    return new AdmissionRefused(name, reason, retryAfterSeconds());
  }

  function take(): AdmissionRelease {
    running += 1;
    admitted += 1;
    const started = now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      holdMs += (Math.max(0, now() - started) - holdMs) * SMOOTHING;
      running -= 1;
      // The place passes straight to the next in line (synchronously), so a newcomer cannot take it in between.
      waiting.shift()?.admit();
    };
  }

  async function acquire(signal?: AbortSignal): Promise<AdmissionRelease> {
    if (signal?.aborted) throw refusal("waited");
    if (running < settled.maxConcurrent && waiting.length === 0) return take();
    if (waiting.length >= settled.maxQueued || settled.maxWaitMs === 0) throw refusal("full");
    // At the pace places have been coming free, one that would still be waiting when its wait runs out
    // is told so now, not after waiting for nothing.
    if (((waiting.length + 1) * holdMs) / settled.maxConcurrent > settled.maxWaitMs) throw refusal("full");
    return new Promise<AdmissionRelease>((resolve, reject) => {
      const leave = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        const index = waiting.indexOf(waiter);
        if (index >= 0) waiting.splice(index, 1);
      };
      const waiter: Waiter = {
        admit: () => {
          leave();
          resolve(take());
        },
        refuse: (error) => {
          leave();
          reject(error);
        },
      };
      const onAbort = () => waiter.refuse(refusal("waited"));
      const timer = setTimeout(() => waiter.refuse(refusal("waited")), settled.maxWaitMs);
      signal?.addEventListener("abort", onAbort, { once: true });
      waiting.push(waiter);
    });
  }

  return {
    name,
    limits: settled,
    acquire,
    async run(work, signal) {
      const release = await acquire(signal);
      try {
        return await work();
      } finally {
        release();
      }
    },
    stats: () => ({ running, waiting: waiting.length, admitted, refused }),
  };
}

const globalGates = globalThis as typeof globalThis & { __admissionGates?: Map<string, AdmissionGate> };

/**
 * The process's gate of that name, made with `limits` the first time it is asked for: routes that
 * name the same gate share its places. Kept across hot reloads in development.
 */
export function admissionGate(name: string, limits: AdmissionLimits): AdmissionGate {
  const gates = (globalGates.__admissionGates ??= new Map());
  let gate = gates.get(name);
  if (!gate) {
    gate = createAdmissionGate(name, limits);
    gates.set(name, gate);
  }
  return gate;
}

/**
 * An expensive public write's admission : routes naming the same gate share
 * its places in the process. Limits not given are the environment's (PUBLIC_WRITE_*, from the pool).
 */
export type RouteAdmission = { name: string } & Partial<AdmissionLimits>;

// Only where no environment supplies limits (a wrapper built for a test): one at a time, a few waiting.
const FALLBACK_ADMISSION: AdmissionLimits = { maxConcurrent: 1, maxQueued: 8, maxWaitMs: 5000 };

/**
 * A route's admission: a place in its gate (made on the first request, when the environment is
 * read, not when the route module loads), or 503 `busy` with Retry-After when none comes free.
 */
export function routeAdmission(admission: RouteAdmission, limits?: () => AdmissionLimits): (request: Request) => Promise<AdmissionRelease> {
  let gate: AdmissionGate | undefined;
  return async (request) => {
    if (!gate) {
      const { name, ...overrides } = admission;
      const defined = Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined));
      gate = admissionGate(name, { ...(limits?.() ?? FALLBACK_ADMISSION), ...defined });
    }
    try {
      return await gate.acquire(request.signal);
    } catch (error) {
      if (!(error instanceof AdmissionRefused)) throw error;
      throw new ApiError("busy", BUSY_MESSAGE, { headers: { "retry-after": String(error.retryAfterSeconds) } });
    }
  };
}
