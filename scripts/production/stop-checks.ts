// D20, as a host stops the production build: `next start` (JOB_WORKERS=off) gets SIGTERM in the middle
// of a burst of requests and must answer every request it accepted, say it is not ready while it
// stops, and exit by itself within a bound; the compiled worker (`node .next/worker.mjs`) must answer
// its health checks on WORKER_HEALTH_PORT and, on SIGTERM and on SIGINT, exit by itself within a
// bound with 0 or the signal's code.
import http from "node:http";
import { freePort, sleep, type Managed } from "../../tests/harness/processes";
import { startNextServer, startWorkerProcess } from "./image-processes";

export type ProductionCheckContext = {
  /** A folder holding a production build (.next) with production dependencies installed. */
  dir: string;
  /** The environment to run it with (a production environment file's): its database and stand-ins are running. */
  env: NodeJS.ProcessEnv;
  say: (line: string) => void;
};

/** Requests sent at once, each on a connection of its own; the stop comes once a tenth of them were answered. */
const BURST = 400;
/** Requests sent just after the stop began: answered (ready: 503) or refused, never cut. */
const LATE = 40;
/** How long a process may take to exit once signalled: the stop's own limit is 25 s. */
const EXIT_BOUND_MS = 30_000;
const START_TIMEOUT_MS = 90_000;
const READINESS = ["/api/health/ready", "/api/health"];
const BURST_PATHS = [...READINESS, "/"];
/** What takes each connection first: the liveness check every build has (the bench's floor). */
const WARM_PATH = "/api/ping";

type Outcome = {
  path: string;
  /** The answer's status when its headers came. */
  status?: number;
  /** The whole answer arrived. */
  complete: boolean;
  /** Its first bytes, as text. */
  text?: string;
  /** Why no whole answer came: a connection refused, reset, or an answer cut. */
  error?: string;
  /** It went on a connection the server had already taken (it answered a request on it before). */
  reused: boolean;
};

/**
 * One request: on a connection of its own, or on `agent`'s one kept-alive connection, which the
 * server took when it answered the request before (then a failure is a request the server cut).
 */
function send(port: number, requestPath: string, agent?: http.Agent): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = http.request(
      { host: "127.0.0.1", port, path: requestPath, agent: agent ?? false, headers: agent ? {} : { connection: "close" }, timeout: 60_000 },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text = (text + chunk).slice(0, 500)));
        response.on("error", () => {});
        response.on("close", () =>
          resolve({
            path: requestPath,
            status: response.statusCode,
            complete: response.complete,
            text,
            reused: request.reusedSocket,
            ...(response.complete ? {} : { error: "answer cut" }),
          }),
        );
      },
    );
    request.on("timeout", () => request.destroy(new Error("no answer in 60 s")));
    request.on("error", (error: NodeJS.ErrnoException) =>
      resolve({ path: requestPath, complete: false, error: error.code ?? error.message, reused: request.reusedSocket }),
    );
    request.end();
  });
}

async function get(port: number, requestPath: string): Promise<number | null> {
  const outcome = await send(port, requestPath);
  return outcome.complete ? (outcome.status ?? null) : null;
}

/** How a process ended: its exit code, or the signal that ended it. */
function ending(proc: Managed): string {
  const { exitCode, signalCode } = proc.child;
  return signalCode ? `signal ${signalCode}` : `code ${String(exitCode)}`;
}

/** Waits for the process to exit, at most `ms`; returns how long it took, or null if it still runs. */
async function exitWithin(proc: Managed, ms: number): Promise<number | null> {
  const started = Date.now();
  const exited = await Promise.race([proc.exited.then(() => true), sleep(ms).then(() => false)]);
  return exited ? Date.now() - started : null;
}

async function waitForStatus(port: number, requestPath: string, proc: Managed, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await get(port, requestPath)) === 200) return true;
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) return false;
    await sleep(250);
  }
  return false;
}

/** "a: 3, b: 1": how many items have each key. */
const counts = <T>(items: T[], key: (item: T) => string): string =>
  Object.entries(items.reduce<Record<string, number>>((all, item) => ({ ...all, [key(item)]: (all[key(item)] ?? 0) + 1 }), {}))
    .map(([name, count]) => `${name}: ${count}`)
    .join(", ");

/** `next start` with JOB_WORKERS=off, stopped with SIGTERM in the middle of a burst. */
async function webServerStop(context: ProductionCheckContext, problems: string[]): Promise<void> {
  const port = await freePort();
  const web = startNextServer(context.dir, "web server (stop check)", port, { ...context.env, JOB_WORKERS: "off" });
  try {
    if (!(await waitForStatus(port, "/", web, START_TIMEOUT_MS))) {
      problems.push(`the web server did not start (GET /):\n${web.tail()}`);
      return;
    }
    const readyStatus = await get(port, "/api/health/ready");
    if (readyStatus !== 200) problems.push(`the web server's readiness check answered ${String(readyStatus)} before the stop`);
    // Connections the server has taken, as a balancer keeps them: each answers a first request and
    // carries one of the burst at once (well inside the server's keep-alive timeout, so no connection
    // is closed for idling as the burst goes out), so any request of the burst not answered whole was cut.
    // The readiness check (at both its addresses: each asks the database) and a page, a third each:
    // all are answered whole, before and during the stop.
    const agents = Array.from({ length: BURST }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    let answered = 0;
    let signalled!: () => void;
    const signalledNow = new Promise<void>((resolve) => (signalled = resolve));
    const cold: Outcome[] = [];
    const burst = agents.map(async (agent, index) => {
      const warm = await send(port, WARM_PATH, agent);
      if (!warm.complete || warm.status !== 200) cold.push(warm);
      const outcome = await send(port, BURST_PATHS[index % BURST_PATHS.length]!, agent);
      answered += 1;
      if (answered === Math.ceil(BURST / 10)) signalled();
      return outcome;
    });
    await signalledNow;
    const inFlight = BURST - answered;
    const stopAt = Date.now();
    web.child.kill("SIGTERM");
    // New connections from a balancer that has not noticed yet: answered (ready: 503), or refused.
    const late = Array.from({ length: LATE }, (_, index) => send(port, BURST_PATHS[index % BURST_PATHS.length]!));
    const outcomes = await Promise.all(burst);
    const lateOutcomes = await Promise.all(late);
    if (cold.length > 0) problems.push(`the web server did not answer ${WARM_PATH} on ${cold.length} of ${BURST} connections`);
    for (const agent of agents) agent.destroy();
    const exitMs = await exitWithin(web, Math.max(0, EXIT_BOUND_MS - (Date.now() - stopAt)) + 100);
    const exitedAfter = exitMs === null ? null : Date.now() - stopAt;

    const cut = outcomes.filter((outcome) => !outcome.complete && outcome.reused);
    // Its kept-alive connection had closed before the burst (idle too long): it went on a new one.
    const untaken = outcomes.filter((outcome) => !outcome.complete && !outcome.reused);
    const whole = (list: Outcome[]) => list.filter((outcome) => outcome.complete);
    const lateSummary = counts(lateOutcomes, (outcome) =>
      outcome.complete ? `${outcome.path} ${outcome.status}` : (outcome.error ?? "?"),
    );
    context.say(
      `web server: SIGTERM with ${inFlight} of ${BURST} requests in flight on taken connections; ${whole(outcomes).length} answered whole ` +
        `(${counts(whole(outcomes), (outcome) => `${outcome.path} ${outcome.status}`)}), ${cut.length} cut` +
        `${untaken.length > 0 ? `, ${untaken.length} on a new connection not taken` : ""}; ${LATE} on new connections after the signal: ${lateSummary}; ` +
        (exitedAfter === null ? "still running" : `exited after ${exitedAfter} ms with ${ending(web)}`),
    );
    if (cut.length > 0)
      problems.push(
        `the web server cut ${cut.length} of the ${BURST} requests it had taken when SIGTERM came (${counts(cut, (outcome) => outcome.error ?? "?")})`,
      );
    const wrong = [...outcomes, ...lateOutcomes].filter(
      (outcome) => outcome.complete && !(outcome.status === 200 || (READINESS.includes(outcome.path) && outcome.status === 503)),
    );
    if (wrong.length > 0)
      problems.push(`the web server answered ${counts(wrong, (outcome) => `${outcome.path} ${outcome.status}`)} during the stop`);
    const lateCut = lateOutcomes.filter((outcome) => outcome.error === "answer cut");
    if (lateCut.length > 0) problems.push(`the web server cut ${lateCut.length} answers it had begun after SIGTERM`);
    const stoppingReady = [...outcomes, ...lateOutcomes].filter(
      (outcome) => READINESS.includes(outcome.path) && outcome.complete && outcome.status === 503 && /stopping/.test(outcome.text ?? ""),
    );
    if (stoppingReady.length === 0) problems.push("the readiness check never answered 503 (stopping) while the web server stopped");
    if (exitedAfter === null) problems.push(`the web server did not exit within ${EXIT_BOUND_MS / 1000} s of SIGTERM`);
    else if (!(web.child.exitCode === 0 || web.child.exitCode === 143 || web.child.signalCode === "SIGTERM")) {
      problems.push(`the web server exited with ${ending(web)} on SIGTERM`);
    }
  } finally {
    await web.stop();
  }
}

/** The compiled worker: its health checks, then a stop by `signal`. */
async function workerStop(context: ProductionCheckContext, signal: "SIGTERM" | "SIGINT", problems: string[]): Promise<void> {
  const { worker, healthPort } = await startWorkerProcess(context.dir, `worker (stop check, ${signal})`, context.env);
  try {
    try {
      await worker.waitForLine((line) => line.includes("Job workers started"), START_TIMEOUT_MS);
    } catch (error) {
      problems.push(`the worker did not start: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    const live = await waitForStatus(healthPort, "/api/health/live", worker, 10_000);
    const ready = live && (await get(healthPort, "/api/health/ready")) === 200;
    if (!live || !ready)
      problems.push(`the worker does not answer its ${live ? "readiness" : "liveness"} check on WORKER_HEALTH_PORT (${healthPort})`);
    const stopAt = Date.now();
    worker.child.kill(signal);
    // Its readiness while it stops, as a probe sees it (an idle worker may be gone before one answers).
    const readyWhileStopping: (number | null)[] = [];
    const watching = (async () => {
      while (worker.child.exitCode === null && worker.child.signalCode === null && Date.now() - stopAt < EXIT_BOUND_MS) {
        readyWhileStopping.push(await get(healthPort, "/api/health/ready"));
        await sleep(20);
      }
    })();
    const exitMs = await exitWithin(worker, EXIT_BOUND_MS);
    await watching;
    const seen = readyWhileStopping.filter((status): status is number => status !== null);
    context.say(
      `worker, ${signal}: health checks ${live && ready ? "answered" : "not answered"}; ` +
        (exitMs === null ? "still running" : `exited after ${exitMs} ms with ${ending(worker)}`) +
        (seen.length > 0 ? `; readiness while stopping: ${counts(seen, String)}` : ""),
    );
    if (exitMs === null) {
      problems.push(`the worker did not exit within ${EXIT_BOUND_MS / 1000} s of ${signal}`);
      return;
    }
    const code = worker.child.exitCode;
    const signalCode = { SIGTERM: 143, SIGINT: 130 }[signal];
    if (!(code === 0 || code === signalCode || worker.child.signalCode === signal))
      problems.push(`the worker exited with ${ending(worker)} on ${signal}`);
  } finally {
    await worker.stop();
  }
}

/**
 * The stop as a host gives it (D20), on the production build in `context.dir`: throws with every
 * problem found (requests cut, a readiness check that never said it was stopping, a process that
 * did not exit by itself or exited with an error, a worker without its health checks).
 */
export async function stopChecks(context: ProductionCheckContext): Promise<void> {
  const problems: string[] = [];
  await webServerStop(context, problems);
  await workerStop(context, "SIGTERM", problems);
  await workerStop(context, "SIGINT", problems);
  if (problems.length > 0) throw new Error(`the stop checks failed:\n- ${problems.join("\n- ")}`);
}
