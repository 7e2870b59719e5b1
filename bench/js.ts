import { gzipSync } from "node:zlib";

// JavaScript weight of a page, independent of how the server compresses: every script is
// downloaded uncompressed and gzipped here at zlib's default level (6).

export interface ScriptFile {
  path: string;
  rawBytes: number;
  gzipBytes: number;
  error?: string;
}

export interface JsSummary {
  scripts: number;
  rawBytes: number;
  gzipBytes: number;
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

export async function measureScripts(urls: string[]): Promise<JsSummary> {
  const files = await Promise.all([...urls].sort().map(measureScript));
  return {
    scripts: files.length,
    rawBytes: files.reduce((sum, f) => sum + f.rawBytes, 0),
    gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
    files,
  };
}
