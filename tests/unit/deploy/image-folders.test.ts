import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { admitted, dockerignoreRules, IMAGE_LEAVES_OUT } from "@/scripts/production/image-folders";

// npm run test:production builds from what .dockerignore admits and runs what the Dockerfile's last
// stage keeps: these hold it to the files it imitates.
const rules = dockerignoreRules(readFileSync(".dockerignore", "utf8"));
const dockerfile = readFileSync("Dockerfile", "utf8");

describe("the build context", () => {
  it.each([
    ".env",
    ".env.local",
    ".env.production",
    "node_modules/next/package.json",
    ".next/BUILD_ID",
    ".local/postgres/PG_VERSION",
    ".git/HEAD",
    "bench/report-postgres.json",
    "tsconfig.tsbuildinfo",
  ])("leaves out %s", (file) => expect(admitted(rules, file)).toBe(false));

  it.each([
    ".env.example",
    "package.json",
    "app/layout.tsx",
    "bench/run.ts",
    "supabase/migrations/20261121000000_cohorts.sql",
    "scripts/worker.ts",
  ])("sends %s", (file) => {
    expect(admitted(rules, file)).toBe(true);
  });
});

describe("the image", () => {
  it("is made as the test makes it: the build removes what the image leaves out", () => {
    const build = /RUN npm run build && rm -rf ([^&\n]+)/.exec(dockerfile)?.[1]?.split(/\s+/) ?? [];
    for (const name of [...IMAGE_LEAVES_OUT, ".next/cache", "node_modules"]) expect(build).toContain(name);
  });

  it("has a health check that runs with Node alone", () => {
    expect(dockerfile).toMatch(/^HEALTHCHECK .*CMD \["node", "scripts\/healthcheck\.mjs"\]$/m);
  });
});
