import { sleep } from "../tests/harness/processes";

// Visitors taking the pledge at a peak, as the drawer on /magic does it (components/api/api-request.ts,
// takePledge): each sends their pledge; turned away busy (503, or 429) with Retry-After, waits that
// long and up to half again and sends the same pledge again, three times; still busy, presses
// "Try again" a few seconds later and starts over. A visitor gets in, or is lost: not in by the end
// of the grace period after the load, or refused otherwise (an error answer, a time-out, no answer).

/** The drawer's own sends again after a busy answer (PLEDGE_BUSY_ATTEMPTS) before it offers "Try again". */
const DRAWER_RETRIES = 3;
/** The drawer waits at most this long for Retry-After (DEFAULT_BUSY_MAX_WAIT_SECONDS); longer, it gives up at once. */
const DRAWER_MAX_WAIT_SECONDS = 30;
/** How long a visitor takes to press "Try again" after the drawer gave up. */
const TRY_AGAIN_MS = 3_000;
/** A request without an answer by then counts as a time-out (autocannon's, as the other loads use). */
const TIMEOUT_MS = 30_000;

export type PledgeVisitors = {
  /** Visitors who started in the load's seconds. */
  visitors: number;
  /** Of them, those whose pledge was taken in (202), and those lost. */
  pledged: number;
  lost: number;
  /** Pledges taken in per second of the load (those taken in during the grace period after it not counted). */
  perSecond: number;
  requests: number;
  byStatus: Record<string, number>;
  /** Busy answers (503 and 429, each with Retry-After) the visitors waited out. */
  busy: number;
  timeouts: number;
  /** Requests that got no answer or an answer other than 202 and busy (time-outs included). */
  errors: number;
  /** Every answered request's time, and the accepted ones' alone (ms). */
  p50Ms: number;
  p99Ms: number;
  acceptedP99Ms: number;
  /** The mean number of sends a visitor's pledge took. */
  sendsPerPledge: number;
};

const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

/** Seconds to wait from a busy answer's Retry-After, as the drawer reads it; null when it would not wait. */
function retryAfterSeconds(response: Response): number | null {
  const value = Number(response.headers.get("retry-after"));
  return Number.isFinite(value) && value >= 0 && value <= DRAWER_MAX_WAIT_SECONDS ? value : null;
}

/**
 * `visitors` at a time arrive at `url` for `seconds`, each a new address and email (`email(n)`,
 * `address(n)`), each acting as the drawer; then the ones still waiting get `graceSeconds` to get in.
 */
export async function pledgeVisitors(
  url: string,
  options: { visitors: number; seconds: number; graceSeconds: number; email: (n: number) => string; address: (n: number) => string },
): Promise<PledgeVisitors> {
  const byStatus: Record<string, number> = {};
  const answered: number[] = [];
  const accepted: number[] = [];
  let started = 0;
  let pledged = 0;
  let pledgedInLoad = 0;
  let lost = 0;
  let sends = 0;
  let timeouts = 0;
  let errors = 0;
  const begin = performance.now();
  const arriving = () => performance.now() - begin < options.seconds * 1000;
  const giveUpAt = begin + (options.seconds + options.graceSeconds) * 1000;

  /** One send: "in", "busy" with the wait, or "refused". */
  async function send(body: string, address: string): Promise<{ outcome: "in" | "refused" } | { outcome: "busy"; waitMs: number | null }> {
    const sent = performance.now();
    sends += 1;
    try {
      const response = await fetch(url, {
        method: "POST",
        body,
        headers: { "content-type": "application/json", "x-real-ip": address },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await response.arrayBuffer();
      const ms = performance.now() - sent;
      byStatus[response.status] = (byStatus[response.status] ?? 0) + 1;
      answered.push(ms);
      if (response.status === 202) {
        accepted.push(ms);
        return { outcome: "in" };
      }
      if (response.status === 503 || response.status === 429) {
        const seconds = retryAfterSeconds(response);
        return { outcome: "busy", waitMs: seconds === null ? null : Math.max(1, seconds) * 1000 * (1 + 0.5 * Math.random()) };
      }
      errors += 1;
      return { outcome: "refused" };
    } catch (error) {
      errors += 1;
      if (error instanceof Error && error.name === "TimeoutError") timeouts += 1;
      return { outcome: "refused" };
    }
  }

  async function visitor(n: number): Promise<void> {
    const body = JSON.stringify({ name: "Burst Pledger", email: options.email(n) });
    const address = options.address(n);
    for (;;) {
      for (let attempt = 0; attempt <= DRAWER_RETRIES; attempt += 1) {
        const result = await send(body, address);
        if (result.outcome === "in") {
          pledged += 1;
          if (arriving()) pledgedInLoad += 1;
          return;
        }
        if (result.outcome !== "busy" || performance.now() > giveUpAt) {
          lost += 1;
          return;
        }
        if (result.waitMs === null || attempt === DRAWER_RETRIES) break;
        await sleep(result.waitMs);
      }
      await sleep(TRY_AGAIN_MS);
      if (performance.now() > giveUpAt) {
        lost += 1;
        return;
      }
    }
  }

  await Promise.all(
    Array.from({ length: options.visitors }, async () => {
      while (arriving()) await visitor(started++);
    }),
  );
  answered.sort((a, b) => a - b);
  accepted.sort((a, b) => a - b);
  const busy = (byStatus["503"] ?? 0) + (byStatus["429"] ?? 0);
  return {
    visitors: started,
    pledged,
    lost,
    perSecond: Math.round((pledgedInLoad / options.seconds) * 10) / 10,
    requests: sends,
    byStatus,
    busy,
    timeouts,
    errors,
    p50Ms: Math.round(percentile(answered, 50)),
    p99Ms: Math.round(percentile(answered, 99)),
    acceptedP99Ms: Math.round(percentile(accepted, 99)),
    sendsPerPledge: pledged === 0 ? 0 : Math.round((sends / pledged) * 10) / 10,
  };
}
