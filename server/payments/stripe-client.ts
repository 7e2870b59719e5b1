import "server-only";
import Stripe from "stripe";
import { serverEnv } from "../env";

// The one place the Stripe API version is pinned: stripe-node's types describe exactly this version.
export const STRIPE_API_VERSION = "2026-10-28.endive" satisfies Stripe.LatestApiVersion;

// A person waits on most Stripe calls (opening checkout, the success page, the dashboard): each
// attempt gives up after 5 s and is retried once, so the answer comes within about 11 s instead of
// 61 s. Jobs need no longer: the job engine retries a failed job itself, with backoff.
const STRIPE_REQUEST_TIMEOUT_MS = 5_000;
const STRIPE_NETWORK_RETRIES = 1;

const globalForStripe = globalThis as typeof globalThis & { __stripe?: Stripe };

function connect(): Stripe {
  const env = serverEnv();
  const api = new URL(env.STRIPE_API_URL);
  return new Stripe(env.STRIPE_SECRET_KEY, {
    apiVersion: STRIPE_API_VERSION,
    host: api.hostname,
    port: api.port ? Number(api.port) : undefined,
    protocol: api.protocol === "http:" ? "http" : "https",
    maxNetworkRetries: STRIPE_NETWORK_RETRIES,
    timeout: STRIPE_REQUEST_TIMEOUT_MS,
    appInfo: { name: "glucose-challenge" },
  });
}

/** The Stripe client (stateless HTTP; one per process). STRIPE_API_URL selects the local stand-in. */
export function stripe(): Stripe {
  globalForStripe.__stripe ??= connect();
  return globalForStripe.__stripe;
}

/** Checks a webhook payload's Stripe-Signature (300 s tolerance) and parses the event. */
export function constructStripeEvent(payload: string, signature: string): Stripe.Event {
  return stripe().webhooks.constructEvent(payload, signature, serverEnv().STRIPE_WEBHOOK_SECRET, 300);
}
