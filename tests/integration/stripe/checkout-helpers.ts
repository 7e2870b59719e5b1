import Stripe from "stripe";
import { payCheckoutSession, type StandInRef } from "../../fixtures/stripe-stand-in";

export const SUCCESS_URL = "http://localhost:3000/checkout/success?session_id={CHECKOUT_SESSION_ID}";
export const CANCEL_URL = "http://localhost:3000/pricing?canceled={CHECKOUT_SESSION_ID}";

export const createSalesTax = (stripe: Stripe) =>
  stripe.taxRates.create({ display_name: "Sales tax", percentage: 8, inclusive: false, country: "US", description: "8% exclusive" });

/** The product's shape of checkout: a $99 plan billed every 3 months, a $50 one-time sensor, 8% exclusive tax on both. */
export function subscriptionParams(
  taxRate: string,
  extra: Partial<Stripe.Checkout.SessionCreateParams> = {},
): Stripe.Checkout.SessionCreateParams {
  return {
    mode: "subscription",
    success_url: SUCCESS_URL,
    cancel_url: CANCEL_URL,
    line_items: [
      {
        price_data: {
          currency: "usd",
          unit_amount: 9900,
          product_data: { name: "Glucose Challenge — 3 months", description: "Coaching and app access" },
          recurring: { interval: "month", interval_count: 3 },
        },
        quantity: 1,
        tax_rates: [taxRate],
      },
      { price_data: { currency: "usd", unit_amount: 5000, product_data: { name: "CGM sensor" } }, quantity: 1, tax_rates: [taxRate] },
    ],
    metadata: { user_id: "user_123" },
    subscription_data: { metadata: { user_id: "user_123", plan: "quarterly" } },
    client_reference_id: "user_123",
    ...extra,
  };
}

/** Creates a subscription session and pays it with the 4242 card; returns the session as it is afterwards. */
export async function paidSubscriptionSession(
  standIn: StandInRef,
  stripe: Stripe,
  taxRate: string,
  extra: Partial<Stripe.Checkout.SessionCreateParams> = {},
  email = `buyer-${Math.random().toString(36).slice(2)}@example.com`,
): Promise<Stripe.Checkout.Session> {
  const session = await stripe.checkout.sessions.create(subscriptionParams(taxRate, extra));
  const paid = await payCheckoutSession(standIn, session.id, undefined, { email, name: "Ada Lovelace" });
  if (paid.status !== 200) throw new Error(`payment failed: ${JSON.stringify(paid.body)}`);
  return stripe.checkout.sessions.retrieve(session.id);
}

/** `id` of an expandable field, whichever form it came in. */
export function idOf(value: string | { id: string } | null | undefined): string {
  if (!value) throw new Error("expected an id");
  return typeof value === "string" ? value : value.id;
}

/** The Stripe error a call failed with (a call that succeeds fails the test). */
export async function rejection(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof Stripe.errors.StripeError)) throw new Error(`expected a StripeError, got ${String(error)}`);
  return error;
}
