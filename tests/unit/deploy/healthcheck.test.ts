import { execFile } from "node:child_process";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";

// scripts/healthcheck.mjs, the image's HEALTHCHECK: 0 when the web server's live check (PORT) or
// the worker's (WORKER_HEALTH_PORT) answers 200, else 1; plain Node, no build step.

const SCRIPT = path.resolve(import.meta.dirname, "../../../scripts/healthcheck.mjs");
const servers: Server[] = [];

async function serve(status: number): Promise<number> {
  const server = createServer((request, response) => {
    response.writeHead(request.url === "/api/health/live" ? status : 404).end();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** A port nothing listens on: one just closed. */
async function closedPort(): Promise<number> {
  const port = await serve(200);
  await new Promise((resolve) => servers.pop()!.close(resolve));
  return port;
}

async function check(env: Record<string, string>): Promise<number> {
  try {
    await promisify(execFile)(process.execPath, [SCRIPT], {
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", ...env },
      timeout: 20_000,
    });
    return 0;
  } catch (error) {
    return (error as { code?: number }).code ?? -1;
  }
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describe("scripts/healthcheck.mjs", () => {
  it("passes when the web server's live check answers on PORT", async () => {
    expect(await check({ PORT: String(await serve(200)), WORKER_HEALTH_PORT: String(await closedPort()) })).toBe(0);
  });

  it("passes when the worker's live check answers on WORKER_HEALTH_PORT", async () => {
    expect(await check({ PORT: String(await closedPort()), WORKER_HEALTH_PORT: String(await serve(200)) })).toBe(0);
  });

  it("fails when nothing answers, or only with an error", async () => {
    expect(await check({ PORT: String(await closedPort()), WORKER_HEALTH_PORT: "off" })).toBe(1);
    expect(await check({ PORT: String(await serve(503)), WORKER_HEALTH_PORT: String(await closedPort()) })).toBe(1);
  });
});
