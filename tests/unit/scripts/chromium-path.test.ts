import { describe, expect, it } from "vitest";
import { chooseChromium, chromiumLaunch } from "@/scripts/chromium-path";

describe("chooseChromium", () => {
  it("prefers Playwright's own Chromium, then the system's, then the packaged one", () => {
    expect(chooseChromium({ playwrightInstalled: true, systemInstalled: true })).toBe("playwright");
    expect(chooseChromium({ playwrightInstalled: false, systemInstalled: true })).toBe("system");
    expect(chooseChromium({ playwrightInstalled: false, systemInstalled: false })).toBe("registry");
  });

  it("takes the one E2E_CHROMIUM names, and refuses an unknown name", () => {
    expect(chooseChromium({ forced: "registry", playwrightInstalled: true, systemInstalled: true })).toBe("registry");
    expect(chooseChromium({ forced: "system", playwrightInstalled: false, systemInstalled: false })).toBe("system");
    expect(() => chooseChromium({ forced: "firefox", playwrightInstalled: true, systemInstalled: true })).toThrow(/E2E_CHROMIUM/);
  });
});

describe("chromiumLaunch", () => {
  it("uses the system Chromium CHROMIUM_PATH names when it exists", async () => {
    const launch = await withEnv({ CHROMIUM_PATH: process.execPath, E2E_CHROMIUM: "system" }, chromiumLaunch);
    expect(launch).toEqual({ source: "system", executablePath: process.execPath });
  });
});

async function withEnv<T>(values: Record<string, string>, run: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(values).map((key) => [key, process.env[key]]));
  Object.assign(process.env, values);
  try {
    return await run();
  } finally {
    for (const [key, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}
