import { existsSync, readFileSync } from "node:fs";

// Stripe's example object for every resource (stripe/openapi fixtures3.json). Its location can be moved with
// STRIPE_FIXTURES_PATH; without the file the shape checks are skipped.
const FIXTURES_PATH = process.env.STRIPE_FIXTURES_PATH ?? "/work/shared/reference/stripe-fixtures3.json";

type Fixture = Record<string, unknown>;
let cache: Record<string, Fixture> | null = null;

export const fixturesAvailable = existsSync(FIXTURES_PATH);

export function fixture(resource: string): Fixture {
  cache ??= (JSON.parse(readFileSync(FIXTURES_PATH, "utf8")) as { resources: Record<string, Fixture> }).resources;
  const found = cache[resource];
  if (!found) throw new Error(`no fixture for ${resource}`);
  return found;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Fields whose keys are free-form (maps), so the fixture's example keys say nothing about ours; `object` is
 * an event's payload, whose fixture happens to be a plan.
 */
const MAPS = new Set([
  "object",
  "metadata",
  "payment_method_options",
  "fraud_details",
  "customer_shipping",
  "shipping_details",
  "amount_details",
  "wallet_options",
]);

/**
 * Fixture keys missing from `actual`, as dotted paths. Nested objects are compared where both sides hold an
 * object (a null on our side is one of Stripe's allowed values); lists compare their first element.
 */
export function missingKeys(actual: unknown, expected: unknown, path = ""): string[] {
  if (Array.isArray(expected) && Array.isArray(actual)) {
    return expected.length && actual.length ? missingKeys(actual[0], expected[0], `${path}[0]`) : [];
  }
  if (!isPlainObject(expected) || !isPlainObject(actual)) return [];
  const missing: string[] = [];
  for (const [key, value] of Object.entries(expected)) {
    const here = path ? `${path}.${key}` : key;
    if (!Object.hasOwn(actual, key)) missing.push(here);
    else if (!MAPS.has(key)) missing.push(...missingKeys(actual[key], value, here));
  }
  return missing;
}
