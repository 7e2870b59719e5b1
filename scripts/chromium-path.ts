import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";

export const CHROMIUM_SOURCES = ["playwright", "system", "registry"] as const;
export type ChromiumSource = (typeof CHROMIUM_SOURCES)[number];

export type ChromiumCandidates = {
  /** E2E_CHROMIUM: one source named outright (e.g. "registry", to try a clean machine's path on any machine). */
  forced?: string;
  playwrightInstalled: boolean;
  systemInstalled: boolean;
};

/**
 * Which Chromium the tests launch: Playwright's own when installed, else the system's, else the one
 * that comes inside an npm package (@sparticuz/chromium), so a machine with only Node and the npm
 * registry runs the end-to-end tests too.
 */
export function chooseChromium({ forced, playwrightInstalled, systemInstalled }: ChromiumCandidates): ChromiumSource {
  if (forced) {
    const source = CHROMIUM_SOURCES.find((name) => name === forced);
    if (!source) throw new Error(`E2E_CHROMIUM must be one of ${CHROMIUM_SOURCES.join(", ")} (got "${forced}")`);
    return source;
  }
  if (playwrightInstalled) return "playwright";
  return systemInstalled ? "system" : "registry";
}

/** What launchOptions needs to start the chosen Chromium: its path (none for Playwright's own) and environment. */
export type ChromiumLaunch = { source: ChromiumSource; executablePath?: string; env?: Record<string, string> };

function playwrightInstalled(): boolean {
  try {
    return existsSync(chromium.executablePath());
  } catch {
    return false; // No bundled browser registered.
  }
}

/**
 * The packaged Chromium (a headless shell built for Amazon Linux) unpacks itself into the temporary
 * directory on first use (about 2 s) and is reused after that. Its package also ships the NSS and
 * expat libraries it links, so it starts on a machine without any browser's libraries, and its fonts.
 */
async function registryChromium(): Promise<ChromiumLaunch> {
  const { default: packaged, inflate } = await import("@sparticuz/chromium");
  const executablePath = await packaged.executablePath();
  const bin = path.join(path.dirname(createRequire(import.meta.url).resolve("@sparticuz/chromium")), "..", "bin");
  const libraries = path.join(await inflate(path.join(bin, "al2023.tar.br")), "lib");
  const env = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return {
    source: "registry",
    executablePath,
    env: { ...env, LD_LIBRARY_PATH: libraries, FONTCONFIG_PATH: path.join(tmpdir(), "fonts") },
  };
}

/** The Chromium this machine has (see chooseChromium); CHROMIUM_PATH names the system one (default /usr/bin/chromium). */
export async function chromiumLaunch(): Promise<ChromiumLaunch> {
  const systemPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
  const source = chooseChromium({
    forced: process.env.E2E_CHROMIUM || undefined,
    playwrightInstalled: playwrightInstalled(),
    systemInstalled: existsSync(systemPath),
  });
  if (source === "playwright") return { source };
  if (source === "system") return { source, executablePath: systemPath };
  return registryChromium();
}
