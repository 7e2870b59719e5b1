import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeStandIn, stripeClientFor, TEST_SECRET_KEY, type TestStripe } from "../../fixtures/stripe-stand-in";
import { rejection } from "./checkout-helpers";

let standIn: TestStripe;
let stripe: Stripe;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe = stripeClientFor(standIn);
});
afterAll(async () => {
  await standIn.stop();
});

/** A form POST with stripe-node's headers, to see the raw reply. */
function post(path: string, body: string, headers: Record<string, string> = {}) {
  return fetch(`${standIn.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${TEST_SECRET_KEY}`, "content-type": "application/x-www-form-urlencoded", ...headers },
    body,
  });
}

describe("errors in Stripe's shape, as stripe-node's typed errors", () => {
  it("404 resource_missing for an unknown id", async () => {
    const error = await rejection(stripe.checkout.sessions.retrieve("cs_test_missing"));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({
      statusCode: 404,
      code: "resource_missing",
      param: "id",
      message: "No such checkout.session: 'cs_test_missing'",
    });
    expect(error.requestId).toMatch(/^req_/);
    expect(error.doc_url).toBe("https://stripe.com/docs/error-codes/resource-missing");
    expect((await rejection(stripe.customers.retrieve("cus_missing"))).message).toBe("No such customer: 'cus_missing'");
  });

  it("400 parameter_missing / parameter_unknown / invalid values name the parameter", async () => {
    const missing = await rejection(stripe.rawRequest("POST", "/v1/tax_rates", { display_name: "VAT", inclusive: false }));
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({
      statusCode: 400,
      code: "parameter_missing",
      param: "percentage",
      message: "Missing required param: percentage.",
    });
    const unknown = await rejection(stripe.rawRequest("POST", "/v1/customers", { email: "a@example.com", favourite_colour: "blue" }));
    expect(unknown).toMatchObject({
      code: "parameter_unknown",
      param: "favourite_colour",
      message: "Received unknown parameter: favourite_colour",
    });
    const nested = await rejection(stripe.rawRequest("POST", "/v1/coupons", { percent_off: 10, applies_to: { products: ["prod_x"] } }));
    expect(nested).toMatchObject({ code: "parameter_unknown", param: "applies_to" });
    const badInt = await rejection(stripe.rawRequest("POST", "/v1/coupons", { amount_off: "ten", currency: "usd" }));
    expect(badInt).toMatchObject({ code: "parameter_invalid_integer", param: "amount_off", message: "Invalid integer: ten" });
    const badEnum = await rejection(stripe.rawRequest("POST", "/v1/coupons", { percent_off: 10, duration: "sometimes" }));
    expect(badEnum.message).toBe("Invalid duration: must be one of forever, once, or repeating");
    const limit = await rejection(stripe.customers.list({ limit: 101 }));
    expect(limit).toMatchObject({ param: "limit", statusCode: 400 });
  });

  it("401 for a wrong key, with the key masked", async () => {
    const wrong = stripeClientFor(standIn, { secretKey: "sk_test_wrongkey1" });
    const error = await rejection(wrong.customers.list());
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error).toMatchObject({ statusCode: 401, message: "Invalid API Key provided: sk_test_****key1" });
    const none = await fetch(`${standIn.url}/v1/customers`);
    expect(none.status).toBe(401);
    expect(((await none.json()) as { error: { message: string } }).error.message).toMatch(/^You did not provide an API key/);
  });

  it("an unknown URL is Stripe's 404 and every reply carries a request-id", async () => {
    const response = await fetch(`${standIn.url}/v1/nothing_here`, { headers: { authorization: `Bearer ${TEST_SECRET_KEY}` } });
    expect(response.status).toBe(404);
    expect(response.headers.get("request-id")).toMatch(/^req_/);
    const body = (await response.json()) as { error: { type: string; message: string } };
    expect(body.error).toMatchObject({ type: "invalid_request_error" });
    expect(body.error.message).toContain("Unrecognized request URL (GET: /v1/nothing_here)");
  });
});

describe("Idempotency-Key", () => {
  it("replays the stored response for the same key and parameters", async () => {
    const key = `idem-${Date.now()}`;
    const first = await stripe.customers.create({ email: "same@example.com" }, { idempotencyKey: key });
    const second = await stripe.customers.create({ email: "same@example.com" }, { idempotencyKey: key });
    expect(second.id).toBe(first.id);
    expect((await stripe.customers.list({ email: "same@example.com" })).data).toHaveLength(1);

    const raw = await post("/v1/customers", "email=same%40example.com", { "idempotency-key": key });
    expect(raw.status).toBe(200);
    expect(raw.headers.get("idempotent-replayed")).toBe("true");
    expect(((await raw.json()) as { id: string }).id).toBe(first.id);
  });

  it("the same key with different parameters or another endpoint is an idempotency_error", async () => {
    const key = `idem-mismatch-${Date.now()}`;
    await stripe.customers.create({ email: "one@example.com" }, { idempotencyKey: key });
    const error = await rejection(stripe.customers.create({ email: "two@example.com" }, { idempotencyKey: key }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error).toMatchObject({ statusCode: 400, type: "StripeIdempotencyError" });
    expect(error.message).toBe(
      `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    );
    const otherEndpoint = await rejection(stripe.coupons.create({ percent_off: 5 }, { idempotencyKey: key }));
    expect(otherEndpoint.message).toContain("can only be used for the same endpoint they were first used for");
  });

  it("a request refused for its parameters is not stored, so the key can be reused with corrected ones", async () => {
    const key = `idem-retry-${Date.now()}`;
    await rejection(stripe.rawRequest("POST", "/v1/tax_rates", { display_name: "VAT", inclusive: false }, { idempotencyKey: key }));
    const fixed = await stripe.taxRates.create({ display_name: "VAT", inclusive: false, percentage: 20 }, { idempotencyKey: key });
    expect(fixed.percentage).toBe(20);
  });

  it("parameter order does not matter for a replay", async () => {
    const key = `idem-order-${Date.now()}`;
    const a = await post("/v1/customers", "email=o%40example.com&name=Order", { "idempotency-key": key });
    const b = await post("/v1/customers", "name=Order&email=o%40example.com", { "idempotency-key": key });
    expect(b.headers.get("idempotent-replayed")).toBe("true");
    expect(((await b.json()) as { id: string }).id).toBe(((await a.json()) as { id: string }).id);
  });
});
