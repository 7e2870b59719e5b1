import { gzipSync } from "node:zlib";

// JavaScript weight of a page, independent of how the server compresses: every script is
// downloaded uncompressed and gzipped here at zlib's default level (6). A page load's weight is the
// sum of the scripts that load fetched; the page's is the median over its loads, since a chunk a
// page loads only sometimes (the Web Vitals reporter of a sampled visit) is not in every visit.

export interface ScriptFile {
  path: string;
  rawBytes: number;
  gzipBytes: number;
  error?: string;
}

export interface JsSummary {
  /** Scripts, raw and gzip bytes of the median load (by gzip bytes). */
  scripts: number;
  rawBytes: number;
  gzipBytes: number;
  /** Each load's gzip bytes (in run order), and what all of them fetched together. */
  gzipBytesPerLoad: number[];
  unionGzipBytes: number;
  /** Every script any load fetched. */
  files: ScriptFile[];
}

async function measureScript(url: string): Promise<ScriptFile> {
  const { pathname, search } = new URL(url);
  const path = pathname + search;
  try {
    const response = await fetch(url, {
      headers: { "accept-encoding": "identity" },
      signal: AbortSignal.timeout(15_000),
    });
    // fetch() decodes any content-encoding itself, so this is the script as the browser runs it.
    const body = Buffer.from(await response.arrayBuffer());
    if (!response.ok) return { path, rawBytes: 0, gzipBytes: 0, error: `HTTP ${response.status}` };
    return { path, rawBytes: body.byteLength, gzipBytes: gzipSync(body).byteLength };
  } catch (err) {
    return { path, rawBytes: 0, gzipBytes: 0, error: err instanceof Error ? err.message : String(err) };
  }
}

/** `loads`: each page load's script URLs. */
export async function measureScripts(loads: string[][]): Promise<JsSummary> {
  const files = await Promise.all([...new Set(loads.flat())].sort().map(measureScript));
  const byUrl = new Map(files.map((f) => [f.path, f]));
  const totals = loads.map((urls) => {
    const fetched = urls.map((url) => byUrl.get(new URL(url).pathname + new URL(url).search)!);
    return { scripts: fetched.length, rawBytes: sum(fetched.map((f) => f.rawBytes)), gzipBytes: sum(fetched.map((f) => f.gzipBytes)) };
  });
  // With an even number of loads the upper of the two middle ones, as for the Lighthouse median.
  const median = [...totals].sort((a, b) => a.gzipBytes - b.gzipBytes)[Math.floor(totals.length / 2)] ?? {
    scripts: 0,
    rawBytes: 0,
    gzipBytes: 0,
  };
  return {
    ...median,
    gzipBytesPerLoad: totals.map((t) => t.gzipBytes),
    unionGzipBytes: sum(files.map((f) => f.gzipBytes)),
    files,
  };
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
