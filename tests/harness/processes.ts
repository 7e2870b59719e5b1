import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";

// Child-process bookkeeping: every process the benchmark starts runs in its own process group and
// is registered here, so one call (or a signal, or an uncaught error) takes the whole tree down.

type Cleanup = { name: string; stop: () => Promise<void>; stopNow: () => void };

const cleanups = new Set<Cleanup>();

/** Registers something to stop at the end; returns a function that unregisters it. */
export function onCleanup(entry: Cleanup): () => void {
  cleanups.add(entry);
  return () => cleanups.delete(entry);
}

/** What cleanupAll is stopping and has not yet stopped: a forced exit stops these at once. */
const stopping = new Set<Cleanup>();

/** Stops everything still registered, newest first. Safe to call more than once. */
export async function cleanupAll(): Promise<void> {
  const entries = [...cleanups].reverse();
  cleanups.clear();
  for (const entry of entries) stopping.add(entry);
  for (const entry of entries) {
    try {
      await entry.stop();
    } catch (err) {
      console.error(`[bench] could not stop ${entry.name}: ${String(err)}`);
    } finally {
      stopping.delete(entry);
    }
  }
}

/** A signal again within this long is the same Ctrl-C: a terminal sends it to tsx and to this process, and tsx passes it on. */
const SAME_SIGNAL_MS = 1000;

let handlersInstalled = false;

/**
 * Cleans up on SIGINT/SIGTERM (then exits 130/143) and, synchronously, on any process exit. The
 * same signal again within a second is ignored (one Ctrl-C arrives twice under tsx); a later one
 * stops what is left at once.
 */
export function installSignalHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  let firstSignalAt: number | null = null;
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    process.on(signal, () => {
      if (firstSignalAt === null) {
        firstSignalAt = Date.now();
        console.error(`\n[bench] ${signal}: stopping child processes…`);
        void cleanupAll().finally(() => process.exit(code));
        return;
      }
      if (Date.now() - firstSignalAt < SAME_SIGNAL_MS) return;
      console.error(`[bench] ${signal} again: stopping what is left now`);
      process.exit(code);
    });
  }
  process.on("exit", () => {
    for (const entry of [...cleanups, ...stopping]) entry.stopNow();
  });
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

export interface Managed {
  name: string;
  child: ChildProcess;
  /** Resolves with the exit code (null if killed by a signal or never spawned). */
  exited: Promise<number | null>;
  /** The last lines the process wrote (stdout and stderr), for error messages. */
  tail: () => string;
  /** Resolves with the first stdout/stderr line that matches, rejects on exit or timeout. */
  waitForLine: (match: (line: string) => boolean, timeoutMs: number) => Promise<string>;
  /** SIGTERM to the process group, SIGKILL after a grace period. */
  stop: () => Promise<void>;
}

export interface StartOptions {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Echo the child's output to our stderr (prefixed), e.g. for `next build`. */
  echo?: boolean;
}

/** Spawns a command as the leader of a new process group and registers it for cleanup. */
export function startProcess(opts: StartOptions): Managed {
  const child = spawn(opts.command, opts.args, {
    cwd: opts.cwd,
    env: opts.env ?? process.env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exitedPromise = new Promise<number | null>((resolve) => {
    child.once("exit", (code) => resolve(code));
    child.once("error", () => resolve(null));
  });
  const lines: string[] = [];
  const listeners = new Set<(line: string) => void>();
  const exitListeners = new Set<() => void>();

  const consume = (stream: NodeJS.ReadableStream | null): void => {
    if (!stream) return;
    let buffered = "";
    stream.setEncoding("utf8");
    // Keep draining after start-up too: a full pipe would block the child.
    stream.on("data", (chunk: string) => {
      buffered += chunk;
      const parts = buffered.split(/\r?\n/);
      buffered = parts.pop() ?? "";
      for (const line of parts) {
        if (opts.echo) process.stderr.write(`  ${line.startsWith(`[${opts.name}]`) ? "" : `[${opts.name}] `}${line}\n`);
        lines.push(line);
        if (lines.length > 40) lines.shift();
        for (const listener of listeners) listener(line);
      }
    });
  };
  consume(child.stdout);
  consume(child.stderr);
  child.on("exit", () => {
    for (const listener of exitListeners) listener();
  });
  child.on("error", (err) => {
    lines.push(`spawn error: ${err.message}`);
    for (const listener of exitListeners) listener();
  });

  const pid = child.pid;
  const stop = async (): Promise<void> => {
    if (pid === undefined) return;
    // The whole group: `tsx`, `next start` and Chromium all fork workers of their own.
    signalGroup(pid, "SIGTERM");
    if (!exited(child)) {
      const done = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      await Promise.race([done, sleep(5000)]);
    }
    signalGroup(pid, "SIGKILL");
  };
  const unregister = onCleanup({
    name: opts.name,
    stop,
    stopNow: () => {
      if (pid !== undefined) signalGroup(pid, "SIGKILL");
    },
  });

  const tail = (): string => lines.slice(-20).join("\n");

  const waitForLine = (match: (line: string) => boolean, timeoutMs: number): Promise<string> =>
    new Promise<string>((resolve, reject) => {
      const finish = (fn: () => void): void => {
        clearTimeout(timer);
        listeners.delete(onLine);
        exitListeners.delete(onExit);
        fn();
      };
      const onLine = (line: string): void => {
        if (match(line)) finish(() => resolve(line));
      };
      const onExit = (): void => finish(() => reject(new Error(`${opts.name} exited before it was ready:\n${tail()}`)));
      const timer = setTimeout(
        () => finish(() => reject(new Error(`${opts.name} not ready after ${timeoutMs / 1000} s:\n${tail()}`))),
        timeoutMs,
      );
      listeners.add(onLine);
      exitListeners.add(onExit);
      if (exited(child)) onExit();
    });

  return {
    name: opts.name,
    child,
    exited: exitedPromise,
    tail,
    waitForLine,
    stop: async () => {
      await stop();
      unregister();
    },
  };
}

/** Runs a command to completion (registered for cleanup while it runs); rejects on non-zero exit. */
export async function runToCompletion(opts: StartOptions): Promise<void> {
  const proc = startProcess(opts);
  const code = await proc.exited;
  await proc.stop();
  if (code !== 0) throw new Error(`${opts.name} failed (exit ${String(code)}):\n${proc.tail()}`);
}

/** A TCP port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === "object") resolve(address.port);
        else reject(new Error("could not allocate a port"));
      });
    });
  });
}

/** True if something already listens on 127.0.0.1:port. */
export function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
