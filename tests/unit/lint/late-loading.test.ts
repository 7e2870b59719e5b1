// @vitest-environment node
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The project's own eslint.config.mjs, run on snippets as if they lived in each folder.
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, "../../..") });
const RULE = "no-restricted-syntax";

async function problems(filePath: string, code: string): Promise<string[]> {
  const results = await eslint.lintText(code, { filePath });
  return results.flatMap((result) => result.messages.map((message) => message.ruleId ?? message.message));
}

const LAZY = 'import { lazyComponent } from "@/components/lazy/lazy-component";\n';

describe("one way to load late, in eslint.config.mjs", { timeout: 120_000 }, () => {
  it.each([
    ["components/probe.tsx", 'export const load = () => import("./dialog");\n'],
    ["components/feature/probe.tsx", 'export async function onClick() {\n  const { run } = await import("./run");\n  run();\n}\n'],
    ["app/probe.tsx", 'export const load = () => import("@/components/x");\n'],
    ["app/(site)/probe/page.tsx", 'export const load = () => import("canvas-confetti");\n'],
    // Only the loader is allowed, not an import() elsewhere in the call.
    [
      "components/probe.tsx",
      `${LAZY}export const X = lazyComponent(() => Promise.resolve(() => null), { loading: () => void import("./y") });\n`,
    ],
    ["components/probe.tsx", 'import dynamic from "next/dynamic";\nexport const used = dynamic;\n'],
    ["app/probe.tsx", 'import { lazy } from "react";\nexport const used = lazy;\n'],
    ["components/probe.tsx", 'import React from "react";\nexport const used = React.lazy;\n'],
    // A file allowed import() for its requests still loads components the one way.
    ["components/auth/use-sign-out.ts", 'import dynamic from "next/dynamic";\nexport const used = dynamic;\n'],
    // A form's call and its schema are imported where used, not loaded with the submit.
    [
      "components/campaign/partner/contact-form.tsx",
      'export async function send() {\n  const api = await import("../shared/campaign-api");\n  return api;\n}\n',
    ],
  ])("fails %s: %s", async (file, code) => {
    expect(await problems(file, code)).toContain(RULE);
  });

  it.each([
    ["components/probe.tsx", `${LAZY}export const X = lazyComponent(() => import("./x").then((m) => m.X));\n`],
    ["app/probe.tsx", `${LAZY}export const X = lazyComponent(async () => (await import("./x")).X);\n`],
    [
      "components/probe.tsx",
      'import { useState } from "react";\nexport type Sonner = typeof import("sonner");\nexport const used = useState;\n',
    ],
    ["components/lazy/lazy-component.tsx", 'import dynamic from "next/dynamic";\nexport const used = dynamic;\n'],
    ["components/vitals/web-vitals-reporter.tsx", 'export const load = () => import("web-vitals");\n'],
    ["lib/probe.ts", 'export const load = () => import("./x");\n'],
    ["server/probe.ts", 'export const load = () => import("./x");\n'],
  ])("passes %s: %s", async (file, code) => {
    expect(await problems(file, code)).not.toContain(RULE);
  });
});
