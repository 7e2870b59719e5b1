import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../..");

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Sends a signal unless the process has already gone. */
const send = (pid: number, name: NodeJS.Signals) => alive(Math.abs(pid)) && process.kill(pid, name);

async function startRunner(...args: string[]) {
  // Its own group, as a terminal's foreground job: tsx and the runner under it both receive the Ctrl-C.
  const runner = spawn(process.execPath, ["--import", "tsx", "tests/fixtures/signalled-runner.ts", ...args], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  runner.stdout.setEncoding("utf8");
  const childPid = await new Promise<number>((resolve, reject) => {
    runner.stdout.on("data", (chunk: string) => {
      out += chunk;
      const match = /child (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    runner.once("exit", () => reject(new Error(`the runner ended before starting its child: ${out}`)));
  });
  return { runner, childPid };
}

async function gone(pid: number, ms = 10_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!alive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !alive(pid);
}

describe("a runner interrupted (tests/harness/processes.ts)", () => {
  it("stops its children when one Ctrl-C reaches it twice, directly and passed on, however long they take", async () => {
    const { runner, childPid } = await startRunner("stubborn");
    expect(alive(childPid)).toBe(true);
    const exited = once(runner, "exit");
    process.kill(-runner.pid!, "SIGINT");
    // tsx passes it on a moment later (at once, the kernel would merge the two into one).
    await new Promise((resolve) => setTimeout(resolve, 100));
    send(runner.pid!, "SIGINT");
    const [code, signal] = (await exited) as [number | null, NodeJS.Signals | null];
    expect({ code, signal }).toEqual({ code: 130, signal: null });
    expect(await gone(childPid)).toBe(true);
  }, 30_000);

  it("a second Ctrl-C later stops what is left at once, a child that ignores the first included", async () => {
    const { runner, childPid } = await startRunner("stubborn");
    const exited = once(runner, "exit");
    process.kill(runner.pid!, "SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    send(runner.pid!, "SIGTERM");
    const [code] = (await exited) as [number | null];
    expect(code).toBe(143);
    expect(await gone(childPid)).toBe(true);
  }, 30_000);
});
