// @vitest-environment node
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The project's own eslint.config.mjs, run on snippets as if they lived in each folder.
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, "../../..") });

const ZONES = "import/no-restricted-paths";
const RESTRICTED_IMPORTS = "@typescript-eslint/no-restricted-imports";
const SERVER_PACKAGES = "no-restricted-imports";
const NODE_MODULES = "import/no-nodejs-modules";
const GLOBALS = "no-restricted-globals";
const PROPERTIES = "no-restricted-properties";
const CLIENT_SERVER = "layers/client-imports-server";

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
  const SERVER = "server never imports components/ or app/";
  const DATA = "server/db imports nothing from server/ but env.ts and log.ts";
  const REGISTRY = "only the processes that start workers import the job registry";

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
    ["server/layer-probe.ts", "@/components/ui/button", SERVER],
    ["server/email/layer-probe.ts", "../../components/ui/button", SERVER],
    ["server/layer-probe.ts", "@/app/sitemap", SERVER],
    ["server/db/layer-probe.ts", "../../app/sitemap", SERVER],
    ["server/db/layer-probe.ts", "../jobs/enqueue-job", DATA],
    ["server/db/layer-probe.ts", "@/server/email/outbox", DATA],
    ["server/db/layer-probe.ts", "../waitlist/waitlist-links", DATA],
    ["server/db/layer-probe.ts", "../http/api-error", DATA],
    ["server/payments/layer-probe.ts", "../jobs/job-registry", REGISTRY],
    ["app/api/layer-probe/route.ts", "@/server/jobs/job-registry", REGISTRY],
    ["instrumentation.ts", "./local/launcher", PRODUCT],
    ["instrumentation.ts", "@/local/config", PRODUCT],
    ["instrumentation-client.ts", "./local/config", PRODUCT],
    ["next.config.ts", "./local/config", PRODUCT],
  ])("fails %s importing %s: %s", async (file, specifier) => {
    expect(await problems(file, importing(specifier))).toContain(ZONES);
  });

  it.each(["react", "react-dom", "react-dom/client", "next", "next/navigation", "next/server"])(
    "fails lib importing %s: lib has no React and no Next.js",
    async (specifier) => {
      expect(await problems("lib/layer-probe.ts", importing(specifier))).toContain(RESTRICTED_IMPORTS);
    },
  );

  it.each(["lib/layer-probe.ts", "components/layer-probe.tsx"])("fails %s importing zod rather than zod/mini", async (file) => {
    expect(await problems(file, importing("zod"))).toContain(RESTRICTED_IMPORTS);
    expect(await problems(file, importing("zod/mini"))).toEqual([]);
  });

  it.each([
    ["lib imports a Node module (node:)", "lib/layer-probe.ts", importing("node:crypto"), NODE_MODULES],
    ["lib imports a Node module", "lib/nested/layer-probe.ts", importing("crypto"), NODE_MODULES],
    ["lib imports the database driver", "lib/layer-probe.ts", importing("postgres"), SERVER_PACKAGES],
    ["lib imports server-only", "lib/layer-probe.ts", importing("server-only"), SERVER_PACKAGES],
    ["lib imports Stripe", "lib/layer-probe.ts", importing("stripe"), SERVER_PACKAGES],
    ["lib calls fetch", "lib/layer-probe.ts", 'export const load = () => fetch("/api/config");\n', GLOBALS],
    ["lib calls globalThis.fetch", "lib/layer-probe.ts", 'export const load = () => globalThis.fetch("/api/config");\n', PROPERTIES],
    ["lib reads localStorage", "lib/layer-probe.ts", 'export const read = () => localStorage.getItem("gc_key");\n', GLOBALS],
    [
      "lib reads window.localStorage",
      "lib/layer-probe.ts",
      'export const read = () => window.localStorage.getItem("gc_key");\n',
      PROPERTIES,
    ],
    ["lib reads sessionStorage", "lib/layer-probe.ts", 'export const read = () => sessionStorage.getItem("gc_key");\n', GLOBALS],
    ["lib reads process.env", "lib/layer-probe.ts", "export const url = process.env.SITE_URL;\n", GLOBALS],
    ["lib reads globalThis.process.env", "lib/layer-probe.ts", "export const url = globalThis.process.env.SITE_URL;\n", PROPERTIES],
    ["lib/public-env.ts calls fetch", "lib/public-env.ts", 'export const load = () => fetch("/api/config");\n', GLOBALS],
    ["components import the database driver", "components/layer-probe.tsx", importing("postgres"), SERVER_PACKAGES],
    ["components import Stripe", "components/feature/layer-probe.ts", importing("stripe"), SERVER_PACKAGES],
    ["components import a Stripe module", "components/layer-probe.tsx", importing("stripe/lib/stripe.js"), SERVER_PACKAGES],
    ["components import server-only", "components/layer-probe.tsx", importing("server-only"), SERVER_PACKAGES],
    ["a client page imports server/", "app/page-probe/layer-probe.tsx", `"use client";\n${importing("@/server/env")}`, CLIENT_SERVER],
    [
      "a client page imports server/ by a relative path",
      "app/page-probe/layer-probe.tsx",
      `"use client";\n${importing("../../server/env")}`,
      CLIENT_SERVER,
    ],
    [
      "a client page imports a type from server/",
      "app/page-probe/layer-probe.tsx",
      `"use client";\nimport type { AuthUser } from "@/server/http";\nexport type Used = AuthUser;\n`,
      CLIENT_SERVER,
    ],
    [
      "a client page loads server/ late",
      "app/page-probe/layer-probe.tsx",
      `"use client";\nexport const load = () => import("@/server/env");\n`,
      CLIENT_SERVER,
    ],
    ["a client page re-exports server/", "app/page-probe/layer-probe.tsx", `"use client";\nexport * from "@/server/env";\n`, CLIENT_SERVER],
    [
      "a client page imports the database driver",
      "app/page-probe/layer-probe.tsx",
      `"use client";\n${importing("postgres")}`,
      CLIENT_SERVER,
    ],
  ])("fails when %s (%s)", async (_what, file, code, rule) => {
    expect(await problems(file, code)).toContain(rule);
  });

  it.each([
    [
      "lib/layer-probe.ts",
      'import * as z from "zod/mini";\nimport { publicEnv } from "./public-env";\nexport const used = [z, publicEnv];\n',
    ],
    ["lib/layer-probe.ts", 'import type { Metadata } from "next";\nexport type Used = Metadata;\n'],
    [
      "components/layer-probe.tsx",
      'import { useState } from "react";\nimport { publicEnv } from "@/lib/public-env";\nexport const used = [useState, publicEnv];\n',
    ],
    [
      "server/layer-probe.ts",
      'import { publicEnv } from "@/lib/public-env";\nimport { serverEnv } from "./env";\nexport const used = [publicEnv, serverEnv];\n',
    ],
    [
      "app/layer-probe.ts",
      'import { Button } from "@/components/ui/button";\nimport { serverEnv } from "@/server/env";\nexport const used = [Button, serverEnv];\n',
    ],
    [
      "local/postgres/layer-probe.ts",
      'import { migrate } from "../../scripts/migrate";\nimport { localConfig } from "../config";\nexport const used = [migrate, localConfig];\n',
    ],
    ["lib/public-env.ts", "export const url = process.env.NEXT_PUBLIC_SITE_URL;\n"],
    ["lib/layer-probe.ts", "export const key = (name: string) => `gc_${name}`;\n"],
    ["components/layer-probe.tsx", '"use client";\nimport * as z from "zod/mini";\nexport const used = z;\n'],
    [
      "app/page-probe/layer-probe.tsx",
      '"use client";\nimport { Button } from "@/components/ui/button";\nimport { publicEnv } from "@/lib/public-env";\nexport const used = [Button, publicEnv];\n',
    ],
    [
      "app/page-probe/layer-probe.tsx",
      '"use client";\nimport { serverish } from "@/components/server-probe";\nexport const used = serverish;\n',
    ],
    ["server/layer-probe.ts", 'import postgres from "postgres";\nimport { z } from "zod";\nexport const used = [postgres, z];\n'],
    [
      "server/db/layer-probe.ts",
      'import { SYSTEM_ACTOR } from "@/lib/operator/audit-entry";\nimport { serverEnv } from "../env";\nimport { log } from "../log";\nimport { db } from "./client";\nimport { insertAuditEntry } from "@/server/db/operator/operator-audit";\nexport const used = [SYSTEM_ACTOR, serverEnv, log, db, insertAuditEntry];\n',
    ],
    ["instrumentation.ts", 'import { serverEnv } from "@/server/env";\nexport const used = serverEnv;\n'],
    ["instrumentation.ts", 'import { JOB_HANDLERS } from "@/server/jobs/job-registry";\nexport const used = JOB_HANDLERS;\n'],
    ["scripts/worker-probe.ts", 'import { JOB_HANDLERS } from "../server/jobs/job-registry";\nexport const used = JOB_HANDLERS;\n'],
    [
      "server/payments/layer-probe.ts",
      'import { queueEmail } from "../email/outbox";\nimport { enqueueJob } from "../jobs/enqueue-job";\nexport const used = [queueEmail, enqueueJob];\n',
    ],
    [
      "tests/unit/layer-probe.test.ts",
      'import { serverEnv } from "@/server/env";\nimport * as launcher from "@/local/launcher";\nexport const used = [serverEnv, launcher];\n',
    ],
  ])("passes %s importing what its layer may use", async (file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});
