// @vitest-environment node
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The project's own eslint.config.mjs, run on snippets as if they lived in each folder.
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, "../../..") });

const ZONES = "import/no-restricted-paths";
const LIB_PACKAGES = "@typescript-eslint/no-restricted-imports";

async function problems(filePath: string, code: string): Promise<string[]> {
  const results = await eslint.lintText(code, { filePath });
  return results.flatMap((result) => result.messages.map((message) => message.ruleId ?? message.message));
}

const importing = (specifier: string) => `import * as imported from "${specifier}";\nexport const used = imported;\n`;

describe("layer rules in eslint.config.mjs", { timeout: 120_000 }, () => {
  const LIB = "lib never imports server/, components/ or app/";
  const COMPONENTS = "components never import server/";
  const PRODUCT = "the product never imports local/";
  const LOCAL = "local never imports the product";

  it.each([
    ["lib/layer-probe.ts", "@/server/env", LIB],
    ["lib/layer-probe.ts", "../server/env", LIB],
    ["lib/nested/layer-probe.ts", "../../server/env", LIB],
    ["lib/layer-probe.ts", "@/components/ui/button", LIB],
    ["lib/nested/layer-probe.ts", "../../components/ui/button", LIB],
    ["lib/layer-probe.ts", "@/app/sitemap", LIB],
    ["lib/layer-probe.ts", "../app/sitemap", LIB],
    ["components/layer-probe.tsx", "@/server/env", COMPONENTS],
    ["components/feature/layer-probe.tsx", "../../server/env", COMPONENTS],
    ["app/layer-probe.ts", "@/local/launcher", PRODUCT],
    ["app/api/layer-probe/route.ts", "../../../local/launcher", PRODUCT],
    ["components/layer-probe.tsx", "@/local/launcher", PRODUCT],
    ["lib/layer-probe.ts", "../local/config", PRODUCT],
    ["server/layer-probe.ts", "@/local/config", PRODUCT],
    ["server/db/layer-probe.ts", "../../local/launcher", PRODUCT],
    ["proxy.ts", "./local/launcher", PRODUCT],
    ["local/layer-probe.ts", "@/lib/public-env", LOCAL],
    ["local/auth/layer-probe.ts", "../../lib/public-env", LOCAL],
    ["local/layer-probe.ts", "../server/env", LOCAL],
    ["local/stripe/layer-probe.ts", "@/components/ui/button", LOCAL],
    ["local/layer-probe.ts", "@/app/sitemap", LOCAL],
    ["local/layer-probe.ts", "../proxy", LOCAL],
    ["local/layer-probe.ts", "../scripts/db-migrate", LOCAL],
  ])("fails %s importing %s: %s", async (file, specifier) => {
    expect(await problems(file, importing(specifier))).toContain(ZONES);
  });

  it.each(["react", "react-dom", "react-dom/client", "next", "next/navigation", "next/server"])(
    "fails lib importing %s: lib has no React and no Next.js",
    async (specifier) => {
      expect(await problems("lib/layer-probe.ts", importing(specifier))).toContain(LIB_PACKAGES);
    },
  );

  it.each(["lib/layer-probe.ts", "components/layer-probe.tsx"])("fails %s importing zod rather than zod/mini", async (file) => {
    expect(await problems(file, importing("zod"))).toContain(LIB_PACKAGES);
    expect(await problems(file, importing("zod/mini"))).toEqual([]);
  });

  it.each([
    ["lib/layer-probe.ts", 'import * as z from "zod/mini";\nimport { publicEnv } from "./public-env";\nexport const used = [z, publicEnv];\n'],
    ["lib/layer-probe.ts", 'import type { Metadata } from "next";\nexport type Used = Metadata;\n'],
    ["components/layer-probe.tsx", 'import { useState } from "react";\nimport { publicEnv } from "@/lib/public-env";\nexport const used = [useState, publicEnv];\n'],
    ["server/layer-probe.ts", 'import { publicEnv } from "@/lib/public-env";\nimport { serverEnv } from "./env";\nexport const used = [publicEnv, serverEnv];\n'],
    ["app/layer-probe.ts", 'import { Button } from "@/components/ui/button";\nimport { serverEnv } from "@/server/env";\nexport const used = [Button, serverEnv];\n'],
    ["local/postgres/layer-probe.ts", 'import { migrate } from "../../scripts/migrate";\nimport { localConfig } from "../config";\nexport const used = [migrate, localConfig];\n'],
    ["tests/unit/layer-probe.test.ts", 'import { serverEnv } from "@/server/env";\nimport * as launcher from "@/local/launcher";\nexport const used = [serverEnv, launcher];\n'],
  ])("passes %s importing what its layer may use", async (file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});
