// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { windowEvents } from "@/components/window-events";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const HOME = "components/window-events.ts";

function sources(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(folder, file));
}

describe("the page's window events", () => {
  it("are named in one style, camelCase, as SPEC §2 names openPledgeDrawer", () => {
    expect(windowEvents.openPledgeDrawer).toBe("openPledgeDrawer");
    for (const [key, name] of Object.entries(windowEvents)) {
      expect(name).toMatch(/^[a-z]+(?:[A-Z][a-z]*)+$/);
      expect(name).toBe(key);
    }
  });

  it(`are made and dispatched only in ${HOME}`, () => {
    const elsewhere = ["app", "components", "lib"]
      .flatMap(sources)
      .filter((file) => file !== HOME && /new (?:Custom)?Event\(|\.dispatchEvent\(/.test(readFileSync(path.join(ROOT, file), "utf8")));
    expect(elsewhere).toEqual([]);
  });
});
