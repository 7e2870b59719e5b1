import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { pledgeVisitors } from "../../../bench/pledge-visitors";

let server: Server | undefined;

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A pledge endpoint that turns each email away busy `busyTimes` times (Retry-After: 1), then takes it in. */
async function endpoint(busyTimes: number, status = 503): Promise<{ url: string; seen: Map<string, number> }> {
  const seen = new Map<string, number>();
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const { email } = JSON.parse(body) as { email: string };
      const times = (seen.get(email) ?? 0) + 1;
      seen.set(email, times);
      if (times <= busyTimes) {
        response.writeHead(status, { "retry-after": "1", "content-type": "application/json" });
        response.end('{"error":"busy","code":"busy"}');
        return;
      }
      response.writeHead(202, { "content-type": "application/json" });
      response.end('{"data":{"received":true}}');
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/api/campaign/pledges`, seen };
}

const options = (seconds: number, graceSeconds: number) => ({
  visitors: 3,
  seconds,
  graceSeconds,
  email: (n: number) => `v${n}@example.com`,
  address: (n: number) => `10.0.0.${n % 250}`,
});

describe("bench visitors taking the pledge as the drawer does", () => {
  it("wait out a busy answer and send the same pledge again, until it is taken in", async () => {
    const { url, seen } = await endpoint(2);
    const result = await pledgeVisitors(url, options(1, 20));
    expect(result.visitors).toBe(3);
    expect(result).toMatchObject({ pledged: 3, lost: 0, timeouts: 0, errors: 0, sendsPerPledge: 3 });
    expect(result.busy).toBe(6);
    expect(result.byStatus).toEqual({ "202": 3, "503": 6 });
    // The same email each time: one pledge per visitor, sent three times.
    expect([...seen.values()]).toEqual([3, 3, 3]);
    // Each got in two waits after the load's one second, in the grace period: none counts toward its rate.
    expect(result.perSecond).toBe(0);
  }, 30_000);

  it("rate only the pledges taken in during the load", async () => {
    const { url } = await endpoint(0);
    const result = await pledgeVisitors(url, options(1, 20));
    expect(result.pledged).toBeGreaterThan(10);
    // At most the three in flight when the second ended come in after it.
    expect(result.perSecond).toBeLessThanOrEqual(result.pledged);
    expect(result.perSecond).toBeGreaterThanOrEqual(result.pledged - 3);
  }, 30_000);

  it("press Try again once the drawer's own three retries are spent", async () => {
    const { url } = await endpoint(5, 429);
    const result = await pledgeVisitors(url, { ...options(1, 30), visitors: 1 });
    expect(result).toMatchObject({ visitors: 1, pledged: 1, lost: 0, requests: 6, busy: 5 });
  }, 30_000);

  it("count a visitor still turned away when the grace period ends as lost", async () => {
    const { url } = await endpoint(1_000);
    const result = await pledgeVisitors(url, { ...options(1, 1), visitors: 2 });
    expect(result).toMatchObject({ visitors: 2, pledged: 0, lost: 2, perSecond: 0 });
  }, 30_000);
});
