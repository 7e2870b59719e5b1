import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, runToCompletion, sleep, startProcess } from "../tests/harness/processes";
import { baseEnv, bin } from "../tests/harness/stack";

// Building and starting the product and the bare Next.js floor app (the embedded stack is
// tests/harness/stack.ts).

/** Where the bench notes the NEXT_PUBLIC_* values it built with (they are inlined at build time). */
const buildMarker = (dir: string): string => path.join(dir, ".next", "bench-build.json");

function readMarker(dir: string): string | null {
  try {
    return readFileSync(buildMarker(dir), "utf8");
  } catch {
    return null;
  }
}

/**
 * Runs `next build` in `dir` unless `skipIfBuilt` is set and the bench itself built it with the same
 * `publicEnv` (NEXT_PUBLIC_* values the build inlines). A build made otherwise (the e2e suite's, on
 * its own ports, or by hand) is built again: its pages would call another Auth port or site address.
 */
export async function buildApp(
  root: string,
  dir: string,
  label: string,
  skipIfBuilt: boolean,
  publicEnv: Record<string, string> = {},
): Promise<void> {
  const marker = JSON.stringify(publicEnv);
  const built = existsSync(path.join(dir, ".next", "BUILD_ID"));
  if (skipIfBuilt && built && readMarker(dir) !== marker) {
    console.log(`[bench] ${label}: the existing build was not made by the bench with these settings, building`);
  } else if (skipIfBuilt && built) {
    console.log(`[bench] ${label}: reusing existing build (--skip-build)`);
    return;
  }
  if (skipIfBuilt && !built) console.log(`[bench] ${label}: --skip-build given but no .next/BUILD_ID, building`);
  console.log(`[bench] ${label}: next build…`);
  const started = Date.now();
  await runToCompletion({
    name: `${label} build`,
    command: bin(root, "next"),
    args: ["build"],
    cwd: dir,
    env: { ...baseEnv(), ...publicEnv },
    echo: true,
  });
  writeFileSync(buildMarker(dir), marker);
  console.log(`[bench] ${label}: built in ${Math.round((Date.now() - started) / 1000)} s`);
}

export interface RunningServer {
  name: string;
  baseUrl: string;
  /** The process `next start` runs in (its server may be a child of it). */
  pid: number;
  stop: () => Promise<void>;
}

/** `next start` on a free port in `dir`; resolves once it answers HTTP. */
export async function startNext(root: string, dir: string, name: string, extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const proc = startProcess({
    name,
    command: bin(root, "next"),
    args: ["start", "-p", String(port), "-H", "127.0.0.1"],
    cwd: dir,
    env: { ...baseEnv(), ...extraEnv },
  });
  let gone = false;
  void proc.exited.then(() => {
    gone = true;
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(5000) }).then((r) => r.arrayBuffer());
      break;
    } catch {
      // Not listening yet.
    }
    if (gone || Date.now() > deadline) {
      await proc.stop();
      throw new Error(`${name} did not start (${gone ? "exited" : "no answer after 60 s"}):\n${proc.tail()}`);
    }
    await sleep(300);
  }
  console.log(`[bench] ${name} listening on ${baseUrl}`);
  return { name, baseUrl, pid: proc.child.pid ?? 0, stop: proc.stop };
}

/**
 * Copies bench/floor-app to a temporary folder outside the repository (node_modules symlinked to
 * the product's) and builds it there, so the floor uses exactly the same Next.js and React as the
 * product without picking up any of the product's files.
 */
export async function buildFloor(root: string, skipIfBuilt: boolean): Promise<string> {
  const source = path.join(root, "bench", "floor-app");
  const target = path.join(os.tmpdir(), "glucose-challenge-bench-floor");
  const reuse = skipIfBuilt && existsSync(path.join(target, ".next", "BUILD_ID"));
  if (!reuse) {
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target, { recursive: true });
    cpSync(source, target, { recursive: true });
    symlinkSync(path.join(root, "node_modules"), path.join(target, "node_modules"), "dir");
  }
  await buildApp(root, target, "floor", skipIfBuilt);
  return target;
}
