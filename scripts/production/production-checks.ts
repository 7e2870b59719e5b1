// The checks of `npm run test:production` on the image's /app, each process started from the
// production environment file alone.
import path from "node:path";
import { freePort, sleep } from "../../tests/harness/processes";
import { failClosedChecks } from "./fail-closed-checks";
import { startNextServer, startWorkerProcess } from "./image-processes";
import { stopChecks, type ProductionCheckContext } from "./stop-checks";

type CommandResult = { code: number; stdout: string; stderr: string };

export type ProductionContext = ProductionCheckContext & {
  /** The mail stand-in's inbox API. */
  inboxUrl: string;
  /** The site the environment file names. */
  siteUrl: string;
  /** Runs `node <args>` in /app to its end. */
  node: (args: string[], env: NodeJS.ProcessEnv) => Promise<CommandResult>;
};

async function check(context: ProductionContext, name: string, run: () => Promise<void>): Promise<void> {
  await run();
  context.say(`ok: ${name}`);
}

/** `next start` from /app on a free port; resolves once its liveness check answers. */
async function startWebServer(context: ProductionContext) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const web = startNextServer(context.dir, "web", port, { ...context.env, JOB_WORKERS: "off" });
  let gone = false;
  void web.exited.then(() => (gone = true));
  const deadline = Date.now() + 90_000;
  for (;;) {
    const answered = await fetch(`${baseUrl}/api/health/live`, { signal: AbortSignal.timeout(5000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) break;
    if (gone || Date.now() > deadline) {
      await web.stop();
      throw new Error(`the web server did not start (${gone ? "it exited" : "no answer after 90 s"}):\n${web.tail()}`);
    }
    await sleep(250);
  }
  return { baseUrl, process: web };
}

/** The compiled worker from /app; resolves once its job workers run and its liveness check answers. */
async function startWorker(context: ProductionContext) {
  const { worker, healthPort } = await startWorkerProcess(context.dir, "worker", context.env);
  await worker.waitForLine((line) => line.includes("Job workers started"), 90_000);
  const live = await fetch(`http://127.0.0.1:${healthPort}/api/health/live`);
  if (live.status !== 200) throw new Error(`the worker's liveness check answered ${live.status}`);
  return worker;
}

type InboxMessage = { subject: string; links: string[] };

/** Waits (bounded by the attempts) for the first message to an address. */
async function firstMessage(inboxUrl: string, address: string): Promise<InboxMessage> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const response = await fetch(`${inboxUrl}/api/messages?to=${encodeURIComponent(address)}`);
    const { messages } = (await response.json()) as { messages: InboxMessage[] };
    if (messages[0]) return messages[0];
    await sleep(100);
  }
  throw new Error(`no email reached ${address} within a minute`);
}

export async function productionChecks(context: ProductionContext): Promise<void> {
  const { node, env } = context;
  await check(context, "the compiled migrations run with production dependencies", async () => {
    const { code, stdout, stderr } = await node([path.join(".next", "migrate.mjs")], env);
    if (code !== 0 || !/already in place/.test(stdout)) throw new Error(`the compiled migrations exited ${code}: ${stdout}${stderr}`);
  });

  // The worker first: it installs the job engine's queues, so this check does not hang on the race
  // of two instances installing at once (tests/integration/jobs/job-engine-install.test.ts has it).
  await check(context, "the compiled worker starts its job workers", async () => {
    await startWorker(context);
  });
  const web = await startWebServer(context);
  await check(context, "GET / serves the home page", async () => {
    const response = await fetch(`${web.baseUrl}/`);
    const html = await response.text();
    if (response.status !== 200 || !html.includes("Glucose")) throw new Error(`GET / answered ${response.status}: ${html.slice(0, 300)}`);
  });
  await check(context, "the liveness, readiness and job checks answer 200", async () => {
    for (const check of ["/api/health/live", "/api/health/ready", "/api/health", "/api/health/jobs"]) {
      const response = await fetch(`${web.baseUrl}${check}`);
      if (response.status !== 200) throw new Error(`GET ${check} answered ${response.status}: ${await response.text()}`);
    }
  });
  await check(context, `an email the worker sends links to ${context.siteUrl}`, async () => {
    const address = `production.${Date.now()}@example.com`;
    const response = await fetch(`${web.baseUrl}/api/newsletter`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: context.siteUrl, "x-forwarded-for": "203.0.113.7" },
      body: JSON.stringify({ email: address }),
    });
    if (response.status !== 200) throw new Error(`POST /api/newsletter answered ${response.status}: ${await response.text()}`);
    const message = await firstMessage(context.inboxUrl, address);
    const webLinks = message.links.filter((link) => /^https?:/.test(link));
    const elsewhere = webLinks.filter((link) => !link.startsWith(`${context.siteUrl}/`) && !/^https:\/\/(?!localhost|127\.)/.test(link));
    if (!webLinks.some((link) => link.startsWith(`${context.siteUrl}/`)) || elsewhere.length > 0) {
      throw new Error(`"${message.subject}" links to ${webLinks.join(", ")}`);
    }
  });
  await check(context, "the compiled operator command looks the member up", async () => {
    const { code, stdout, stderr } = await node([path.join(".next", "operator.mjs"), "grant", "nobody@example.com"], env);
    if (code !== 1 || !stdout.includes("No account has the email nobody@example.com"))
      throw new Error(`the operator command exited ${code}: ${stdout}${stderr}`);
  });
  await check(context, "the compiled payout run exports the due commission", async () => {
    const { code, stdout, stderr } = await node([path.join(".next", "payouts.mjs"), "--export", "-"], env);
    if (code !== 0 || !stdout.startsWith("affiliate_user_id,email,affiliate_code,amount,currency,entries"))
      throw new Error(`the payout run exited ${code}: ${stdout}${stderr}`);
  });
  await web.process.stop();
  await check(context, "a stop finishes the requests in flight and the running jobs, then exits", () => stopChecks(context));
  await check(context, "APP_ENV=production with local configuration exits non-zero with the list", () => failClosedChecks(context));
}
