import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import postgres from "postgres";
import Stripe from "stripe";
import type { LoadOptions, LoadResult } from "./load";
import { sleep } from "./proc";

// The money path under load: creating checkout sessions (seat hold + order + a Stripe call to the
// stand-in) and receiving signed webhook events. Every request comes from its own client address
// (X-Real-IP), as real buyers do, so the per-address rate limit does not turn the run into 429s.

const SITE = "http://localhost:3000";
let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

function summarise(result: autocannon.Result, status: number | null, note: string): LoadResult {
  return {
    status,
    rps: Math.round(result.requests.average * 10) / 10,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    note,
  };
}

/** A cohort large enough that the run measures seat holds, not 409s. */
async function benchCohort(databaseUrl: string): Promise<string> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const id = randomUUID();
  await sql`
    insert into public.cohorts (id, cohort_name, status, start_cohort_date, participant_cap)
    values (${id}, 'Benchmark cohort', 'upcoming', now() + interval '30 days', 10000)`;
  await sql.end();
  return id;
}

function checkoutBody(cohortId: string): string {
  return JSON.stringify({
    planType: "popular",
    hasCGM: true,
    successUrl: `${SITE}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${SITE}/payment`,
    cohortId,
    metadata: {
      source: "bench",
      user_info: { agreeToTerms: true, termsVersion: "2025-07-31", termsAcceptedAt: new Date().toISOString() },
    },
  });
}

/** POST /api/payment/create-checkout-session: each request holds a seat and opens a session. */
export async function loadCheckoutSessions(baseUrl: string, databaseUrl: string, opts: LoadOptions): Promise<LoadResult> {
  const url = new URL("/api/payment/create-checkout-session", baseUrl).toString();
  const body = checkoutBody(await benchCohort(databaseUrl));
  const request = () => ({ method: "POST" as const, body, headers: { "content-type": "application/json", "x-real-ip": nextAddress() } });
  const probe = await fetch(url, { ...request(), signal: AbortSignal.timeout(30_000) }).catch(() => null);
  if (!probe) return { status: null, rps: null, p99Ms: null, note: "request failed" };
  await probe.arrayBuffer();
  const options = { url, connections: opts.connections, requests: [{ setupRequest: (r: autocannon.Request) => ({ ...r, ...request() }) }] };
  await autocannon({ ...options, duration: opts.warmupS });
  await sleep(250);
  const result = await autocannon({ ...options, duration: opts.durationS });
  return summarise(result, probe.status, "each request holds a seat, writes an order and creates a Stripe session (stand-in)");
}

/**
 * POST /api/stripe/webhook with correctly signed checkout.session.completed events, each with a
 * new event id for a session that belongs to no order: signature check, event claim and lookup.
 */
export async function loadWebhook(baseUrl: string, webhookSecret: string, opts: LoadOptions): Promise<LoadResult> {
  const url = new URL("/api/stripe/webhook", baseUrl).toString();
  const signer = new Stripe("sk_test_bench_signer_only");
  const request = () => {
    const payload = JSON.stringify({
      id: `evt_bench_${randomUUID().replaceAll("-", "")}`,
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: `cs_test_bench_${randomUUID().replaceAll("-", "")}`, object: "checkout.session", metadata: {}, client_reference_id: null, payment_status: "paid", status: "complete" } },
    });
    return {
      method: "POST" as const,
      body: payload,
      headers: { "content-type": "application/json", "stripe-signature": signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) },
    };
  };
  const probe = await fetch(url, { ...request(), signal: AbortSignal.timeout(30_000) }).catch(() => null);
  if (!probe) return { status: null, rps: null, p99Ms: null, note: "request failed" };
  await probe.arrayBuffer();
  const options = { url, connections: opts.connections, requests: [{ setupRequest: (r: autocannon.Request) => ({ ...r, ...request() }) }] };
  await autocannon({ ...options, duration: opts.warmupS });
  await sleep(250);
  const result = await autocannon({ ...options, duration: opts.durationS });
  return summarise(result, probe.status, "signed checkout.session.completed, new event id each, session of no order");
}
