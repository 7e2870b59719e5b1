import "server-only";
import Stripe from "stripe";
import { serverEnv } from "../env";

// The one place the Stripe API version is pinned: stripe-node's types describe exactly this version.
export const STRIPE_API_VERSION = "2026-10-28.endive" satisfies Stripe.LatestApiVersion;

const globalForStripe = globalThis as typeof globalThis & { __stripe?: Stripe };

function connect(): Stripe {
  const env = serverEnv();
  const api = new URL(env.STRIPE_API_URL);
  return new Stripe(env.STRIPE_SECRET_KEY, {
    apiVersion: STRIPE_API_VERSION,
    host: api.hostname,
    port: api.port ? Number(api.port) : undefined,
    protocol: api.protocol === "http:" ? "http" : "https",
    maxNetworkRetries: 2,
    timeout: 20_000,
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
