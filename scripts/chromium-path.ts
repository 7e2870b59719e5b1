import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

/** Playwright's own Chromium when installed (undefined), else the system one (Debian's chromium). */
export function chromiumExecutablePath(): string | undefined {
  try {
    if (existsSync(chromium.executablePath())) return undefined;
  } catch {
    // No bundled browser registered.
  }
  return process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
}
