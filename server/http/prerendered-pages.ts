import { readFile } from "node:fs/promises";
import path from "node:path";
import { inlineScriptHashes } from "./content-security-policy";

// Used by proxy.ts, so it imports nothing server-only.

// `next build` writes each statically prerendered page to .next/server/app/<route>.html and lists
// the routes in .next/prerender-manifest.json; `next start` serves those files as they are.
const BUILD_DIR = path.join(process.cwd(), ".next");

export type PrerenderedPages = ReadonlyMap<string, readonly string[]>;

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as unknown;
  } catch {
    return null;
  }
}

function routesOf(manifest: unknown): string[] {
  if (!manifest || typeof manifest !== "object" || !("routes" in manifest)) return [];
  const routes = manifest.routes;
  return routes && typeof routes === "object" ? Object.keys(routes).filter((route) => route.startsWith("/")) : [];
}

async function load(): Promise<PrerenderedPages> {
  const pages = new Map<string, string[]>();
  for (const route of routesOf(await readJson(path.join(BUILD_DIR, "prerender-manifest.json")))) {
    const file = path.join(BUILD_DIR, "server", "app", `${route === "/" ? "/index" : route}.html`);
    try {
      pages.set(route, inlineScriptHashes(await readFile(file, "utf8")));
    } catch {
      // Not a page (an image, robots.txt): no HTML, no scripts.
    }
  }
  return pages;
}

let loaded: Promise<PrerenderedPages> | undefined;

/**
 * The statically prerendered pages of this build and the hash sources of their inline scripts, read
 * once. A page served as built cannot carry a per-request nonce, so its policy names these hashes
 * instead and the page stays static.
 */
export function prerenderedPages(): Promise<PrerenderedPages> {
  loaded ??= load();
  return loaded;
}
