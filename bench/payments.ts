import { randomUUID } from "node:crypto";
import postgres from "postgres";
import Stripe from "stripe";
import { loadTest, type LoadOptions, type LoadResult } from "./load";
import { SAFETY_SCREEN_VERSION } from "../lib/questionnaire/safety-screen";

// The money path under load: creating checkout sessions (seat hold + order + a Stripe call to the
// stand-in) and receiving signed webhook events. Every request comes from its own client address
// (X-Real-IP), as real buyers do, so the per-address rate limit does not turn the run into 429s.

let addressCounter = 0;
export const nextAddress = () => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

/** A cohort large enough that the run measures seat holds, not 409s. */
export async function benchCohort(databaseUrl: string): Promise<string> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const id = randomUUID();
  await sql`
    insert into public.cohorts (id, cohort_name, status, start_cohort_date, participant_cap)
    values (${id}, 'Benchmark cohort', 'upcoming', now() + interval '30 days', 10000)`;
  await sql.end();
  return id;
}

function checkoutBody(site: string, cohortId: string): string {
  return JSON.stringify({
    planType: "popular",
    hasCGM: true,
    successUrl: `${site}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${site}/payment`,
    cohortId,
    metadata: {
      source: "bench",
      user_info: {
        agreeToTerms: true,
        termsVersion: "2025-07-31",
        termsAcceptedAt: new Date().toISOString(),
        safetyScreen: { version: SAFETY_SCREEN_VERSION, type1DiabetesOrInsulin: "no", pregnancy: "no", eatingDisorderHistory: "no" },
      },
    },
  });
}

/** One checkout session opened through the app (for /payment-success?session_id=): its id. */
export async function benchCheckoutSession(baseUrl: string, site: string, databaseUrl: string): Promise<string> {
  const response = await fetch(new URL("/api/payment/create-checkout-session", baseUrl), {
    method: "POST",
    body: checkoutBody(site, await benchCohort(databaseUrl)),
    headers: { "content-type": "application/json", "x-real-ip": nextAddress() },
  });
  const body = (await response.json()) as { data?: { sessionId?: string } };
  if (!body.data?.sessionId) throw new Error(`create-checkout-session answered ${response.status}`);
  return body.data.sessionId;
}

/** POST /api/payment/create-checkout-session: each request holds a seat and opens a session. */
export async function loadCheckoutSessions(baseUrl: string, site: string, databaseUrl: string, opts: LoadOptions): Promise<LoadResult> {
  const body = checkoutBody(site, await benchCohort(databaseUrl));
  return loadTest(
    new URL("/api/payment/create-checkout-session", baseUrl).toString(),
    opts,
    () => ({ method: "POST", body, headers: { "content-type": "application/json", "x-real-ip": nextAddress() } }),
    "each request holds a seat, writes an order and creates a Stripe session (stand-in)",
  );
}

/**
 * POST /api/stripe/webhook with correctly signed checkout.session.completed events, each with a
 * new event id for a session that belongs to no order: signature check, event claim and lookup.
 */
export async function loadWebhook(baseUrl: string, webhookSecret: string, opts: LoadOptions): Promise<LoadResult> {
  const signer = new Stripe("sk_test_bench_signer_only");
  const id = () => randomUUID().replaceAll("-", "");
  return loadTest(
    new URL("/api/stripe/webhook", baseUrl).toString(),
    opts,
    () => {
      const payload = JSON.stringify({
        id: `evt_bench_${id()}`,
        object: "event",
        type: "checkout.session.completed",
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: `cs_test_bench_${id()}`,
            object: "checkout.session",
            metadata: {},
            client_reference_id: null,
            payment_status: "paid",
            status: "complete",
          },
        },
      });
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
      return { method: "POST", body: payload, headers: { "content-type": "application/json", "stripe-signature": signature } };
    },
    "signed checkout.session.completed, new event id each, session of no order",
  );
}
