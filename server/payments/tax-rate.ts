import "server-only";
import { TAX_RATE } from "@/lib/pricing/pricing-rules";
import { serverEnv } from "../env";
import { stripe } from "./stripe-client";

const PERCENTAGE = TAX_RATE * 100;
const MARKER = "glucose-challenge-sales-tax";

let cached: Promise<string> | undefined;

async function findOrCreate(): Promise<string> {
  const configured = serverEnv().STRIPE_TAX_RATE_ID;
  if (configured) return configured;
  const client = stripe();
  for await (const rate of client.taxRates.list({ active: true, limit: 100 })) {
    if (rate.metadata?.purpose === MARKER && rate.percentage === PERCENTAGE && !rate.inclusive) return rate.id;
  }
  const created = await client.taxRates.create(
    {
      display_name: "Tax",
      description: `Sales tax ${PERCENTAGE}%`,
      percentage: PERCENTAGE,
      inclusive: false,
      metadata: { purpose: MARKER },
    },
    { idempotencyKey: `${MARKER}-${PERCENTAGE}` },
  );
  return created.id;
}

/**
 * D1: the 8% exclusive Stripe tax rate every checkout line carries, so Stripe charges exactly the
 * page's total. STRIPE_TAX_RATE_ID wins; otherwise it is found (or created once) by its metadata.
 */
export function salesTaxRateId(): Promise<string> {
  cached ??= findOrCreate().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}
