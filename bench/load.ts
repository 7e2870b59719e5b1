import autocannon from "autocannon";
import { sleep } from "../tests/harness/processes";

// HTTP throughput of a route: autocannon, 10 connections, a 2 s warm-up then a 10 s measurement.

export interface LoadResult {
  /** Status of a single probe request before the load test. */
  status: number | null;
  rps: number | null;
  /** Median and 97.5th percentile latency (autocannon reports no 95th: 97.5 is the stricter one next to it). */
  p50Ms?: number | null;
  p97_5Ms?: number | null;
  p99Ms: number | null;
  /** Responses outside 2xx and connection errors during the measured run. */
  non2xx?: number;
  errors?: number;
  note?: string;
}

export interface LoadOptions {
  connections: number;
  durationS: number;
  warmupS: number;
}

export const DEFAULT_LOAD: LoadOptions = { connections: 10, durationS: 10, warmupS: 2 };

/**
 * A request to send: each call makes the next one (a fresh signature, a new client address...).
 * `path` (with its query) replaces the URL's, for loads spread over several resources.
 */
export type RequestFactory = () => { method: "GET" | "POST" | "PATCH"; path?: string; body?: string; headers?: Record<string, string> };

const GET: RequestFactory = () => ({ method: "GET" });

/** How to send one more request like a load's: its URL and request factory (--scale replays each to read its statements' plans). */
export interface Replay {
  url: string;
  nextRequest: RequestFactory;
}
const replays = new WeakMap<LoadResult, Replay>();

/** The request a result's load sent, to send once more (none for a load that never ran). */
export function replayOf(result: LoadResult): Replay | undefined {
  return replays.get(result);
}

export async function loadTest(
  url: string,
  opts: LoadOptions = DEFAULT_LOAD,
  nextRequest: RequestFactory = GET,
  note?: string,
): Promise<LoadResult> {
  const result = await measure(url, opts, nextRequest, note);
  replays.set(result, { url, nextRequest });
  return result;
}

async function measure(url: string, opts: LoadOptions, nextRequest: RequestFactory, note?: string): Promise<LoadResult> {
  let status: number;
  try {
    const { path, ...init } = nextRequest();
    // Not followed, as autocannon does not: a redirect is reported as what the route answers.
    const response = await fetch(path ? new URL(path, url) : url, { ...init, redirect: "manual", signal: AbortSignal.timeout(30_000) });
    await response.arrayBuffer();
    status = response.status;
  } catch (err) {
    return { status: null, rps: null, p99Ms: null, note: `request failed: ${err instanceof Error ? err.message : String(err)}` };
  }
  if (status === 404) return { status, rps: null, p99Ms: null, note: "404: route does not exist" };

  const options = {
    url,
    connections: opts.connections,
    requests: [{ setupRequest: (r: autocannon.Request) => ({ ...r, ...nextRequest() }) }],
  };
  await autocannon({ ...options, duration: opts.warmupS });
  await sleep(250);
  const result = await autocannon({ ...options, duration: opts.durationS });
  const probeNote = status < 200 || status >= 300 ? `probe answered ${status}; figures are for that response` : undefined;
  return {
    status,
    rps: Math.round(result.requests.average * 10) / 10,
    p50Ms: result.latency.p50,
    p97_5Ms: result.latency.p97_5,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    ...(note || probeNote ? { note: [note, probeNote].filter(Boolean).join("; ") } : {}),
  };
}
