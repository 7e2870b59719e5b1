import autocannon from "autocannon";
import { sleep } from "./proc";

// HTTP throughput of a route: autocannon, 10 connections, a 2 s warm-up then a 10 s measurement.

export interface LoadResult {
  /** Status of a single probe request before the load test. */
  status: number | null;
  rps: number | null;
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

export async function loadTest(url: string, opts: LoadOptions = DEFAULT_LOAD): Promise<LoadResult> {
  let status: number;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    status = response.status;
  } catch (err) {
    return { status: null, rps: null, p99Ms: null, note: `request failed: ${err instanceof Error ? err.message : String(err)}` };
  }
  if (status === 404) return { status, rps: null, p99Ms: null, note: "404: route does not exist" };

  await autocannon({ url, connections: opts.connections, duration: opts.warmupS });
  await sleep(250);
  const result = await autocannon({ url, connections: opts.connections, duration: opts.durationS });
  return {
    status,
    rps: Math.round(result.requests.average * 10) / 10,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    ...(status < 200 || status >= 300 ? { note: `probe answered ${status}; figures are for that response` } : {}),
  };
}
