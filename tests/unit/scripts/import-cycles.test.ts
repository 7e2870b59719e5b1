import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";

// `npm run check:cycles` (madge, with the options in package.json) on tiny projects in temporary
// folders: each has a tsconfig with the product's "@/*" path and the product's madge options, so
// imports resolve and count as they do in the product.
const ROOT = path.resolve(import.meta.dirname, "../../..");
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
  madge: unknown;
};
const roots: string[] = [];

function project(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "import-cycles-"));
  roots.push(root);
  const all = {
    "package.json": JSON.stringify({ name: "probe", private: true, madge: manifest.madge }),
    "tsconfig.json": JSON.stringify({
      compilerOptions: { module: "esnext", moduleResolution: "bundler", jsx: "react-jsx", paths: { "@/*": ["./*"] } },
    }),
    ...files,
  };
  for (const [name, text] of Object.entries(all)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

/** The product's check, run in `root` on `folders`: its exit code and what it printed. */
async function checkCycles(root: string, folders: string[]) {
  const [command, ...args] = manifest.scripts["check:cycles"]!.split(" ");
  expect(command).toBe("madge");
  const options = args.filter((arg) => arg.startsWith("-") || args[args.indexOf(arg) - 1]?.startsWith("--"));
  try {
    const { stdout } = await promisify(execFile)(path.join(ROOT, "node_modules/.bin/madge"), [...options, ...folders], { cwd: root });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, output: failed.stdout };
  }
}

afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

describe("npm run check:cycles", () => {
  it("uses the same options here as in package.json: the folders are the only difference", () => {
    expect(manifest.scripts["check:cycles"]).toMatch(/^madge --circular .* app components lib server proxy\.ts instrumentation\.ts$/);
    expect(manifest.scripts.test).toContain("&& npm run check:cycles && ");
  });

  it("fails on two files that import each other", async () => {
    const root = project({
      "server/a.ts": 'import { b } from "./b";\nexport const a = () => b;\n',
      "server/b.ts": 'import { a } from "./a";\nexport const b = () => a;\n',
    });
    const { code, output } = await checkCycles(root, ["server"]);
    expect(code).toBe(1);
    expect(output).toContain("a.ts > b.ts");
  });

  it("follows the @/ path and re-exports across folders", async () => {
    const root = project({
      "lib/rules.ts": 'export { seat } from "@/server/seats";\n',
      "server/seats.ts": 'import { offer } from "../components/offer";\nexport const seat = () => offer;\n',
      "components/offer.tsx": 'import { seat } from "@/lib/rules";\nexport const offer = () => seat;\n',
    });
    const { code, output } = await checkCycles(root, ["lib", "server", "components"]);
    expect(code).toBe(1);
    for (const file of ["components/offer.tsx", "lib/rules.ts", "server/seats.ts"]) expect(output).toContain(file);
  });

  it("passes files whose imports run one way", async () => {
    const root = project({
      "server/db/cohorts/seats.ts": 'import { env } from "../env";\nexport const seats = env;\n',
      "server/env.ts": "export const env = 1;\n",
      "server/waitlist/offers.ts":
        'import { seats } from "../db/seats";\nimport { env } from "@/server/env";\nexport const offers = [seats, env];\n',
    });
    const { code } = await checkCycles(root, ["server"]);
    expect(code).toBe(0);
  });

  it("leaves out imports that are gone at run time: types only, and import() that loads later", async () => {
    const root = project({
      "server/a.ts": 'import type { B } from "./b";\nexport type A = { b: B };\nexport const a = 1;\n',
      "server/b.ts": 'import { type A } from "./a";\nexport type B = { a: A };\nexport const load = () => import("./c");\n',
      "server/c.ts": 'import { a } from "./a";\nimport { load } from "./b";\nexport const c = [a, load];\n',
    });
    const { code } = await checkCycles(root, ["server"]);
    expect(code).toBe(0);
  });
});
