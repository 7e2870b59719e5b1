import { expect, it } from "vitest";
import { confirmationToken } from "@/server/campaign/confirmation-link";
import { confirmSubmission, requestConfirmation } from "@/server/campaign/confirmations";
import { confirmationLimits, pledgeLimits } from "@/server/http/rate-limits";
import { enforceRateLimit, type RateLimit } from "@/server/http/rate-limit";
import { jobEngine } from "@/server/jobs/job-engine";
import { suiteSql } from "../../tests/fixtures/db";

// The database side of a pledge burst: CALLERS concurrent callers run what
// POST /api/campaign/pledges and POST /api/campaign/confirmations run (the per-address rate limit,
// then the service function) for SECONDS each, each request from its own address. Prints the rates
// and latencies and checks the numbering: 1..max, no gap, no repeat.

const sql = suiteSql();
const CALLERS = Number(process.env.HARNESS_CALLERS ?? 200);
const SECONDS = Number(process.env.HARNESS_SECONDS ?? 20);
const run = `${Date.now().toString(36)}`;
// HARNESS_SEND_EMAILS=1 keeps this process's send-email worker running, as in an app serving
// requests and sending its emails at once; by default the emails wait, so only the requests are timed.
const SEND_EMAILS = process.env.HARNESS_SEND_EMAILS === "1";

function request(address: string) {
  return { headers: new Headers({ "x-real-ip": address }) };
}

function address(i: number): string {
  return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
}

type Phase = { done: number; failed: number; seconds: number; latencies: number[] };

async function phase(limit: RateLimit, total: number | null, step: (i: number) => Promise<unknown>): Promise<Phase> {
  const latencies: number[] = [];
  let next = 0;
  let failed = 0;
  const start = performance.now();
  const end = start + SECONDS * 1000;
  async function caller() {
    while (performance.now() < end && (total === null || next < total)) {
      const i = next++;
      const t = performance.now();
      try {
        await enforceRateLimit(request(address(i)), limit);
        await step(i);
        latencies.push(performance.now() - t);
      } catch (error) {
        failed++;
        if (failed < 4) console.error(error);
      }
    }
  }
  await Promise.all(Array.from({ length: CALLERS }, caller));
  return { done: latencies.length, failed, seconds: (performance.now() - start) / 1000, latencies };
}

function summary(name: string, p: Phase): string {
  const sorted = [...p.latencies].sort((a, b) => a - b);
  const at = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1);
  return `${name}: ${p.done} in ${p.seconds.toFixed(1)} s = ${(p.done / p.seconds).toFixed(0)}/s, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, failed ${p.failed}`;
}

it("pledges and confirms from many callers at once, numbering without gap or repeat", async () => {
  if (!SEND_EMAILS) await jobEngine().offWork("send-email");
  const requests = await phase(pledgeLimits[0]!, null, (i) =>
    requestConfirmation({ purpose: "pledge", name: `Burst ${i}`, email: `burst-${run}-${i}@example.com` }),
  );
  console.log(`callers ${CALLERS}; ${summary("pledge requests", requests)}`);
  const rows = await sql<
    { id: string }[]
  >`select id from address_confirmations where purpose = 'pledge' and confirmed_at is null order by created_at`;
  const tokens = rows.map((r) => confirmationToken(r.id));
  const confirms = await phase(confirmationLimits[0]!, tokens.length, (i) => confirmSubmission(tokens[i]!));
  console.log(`callers ${CALLERS}; ${summary("confirmations", confirms)}`);
  const [check] = await sql<{ n: number; distinct: number; max: number }[]>`
    select count(*)::int as n, count(distinct pledge_number)::int as distinct, coalesce(max(pledge_number), 0)::int as max from campaign_pledges`;
  console.log(`pledges ${check?.n}, distinct numbers ${check?.distinct}, highest ${check?.max}`);
  expect(check?.n).toBe(confirms.done);
  expect(check?.distinct).toBe(check?.n);
  expect(check?.max).toBe(check?.n);
});
