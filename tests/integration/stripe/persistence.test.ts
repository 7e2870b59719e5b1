import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payCheckoutSession, startStripeStandIn, stripeClientFor } from "../../fixtures/stripe-stand-in";
import { createSalesTax, idOf, subscriptionParams } from "./checkout-helpers";

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "stripe-stand-in-"));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe("with a dataDir", () => {
  it("keeps its state in <dataDir>/stripe/state.json across restarts; configured endpoints are not duplicated", async () => {
    const webhooks = [{ url: "http://127.0.0.1:9/webhook" }];
    const first = await startStripeStandIn({ dataDir, webhooks, retry: { attempts: 1, baseDelayMs: 10 } });
    const stripe = stripeClientFor(first);
    const tax = await createSalesTax(stripe);
    const session = await stripe.checkout.sessions.create(subscriptionParams(tax.id));
    await payCheckoutSession(first, session.id, undefined, { email: "kept@example.com" });
    const endpoint = await stripe.webhookEndpoints.create({ url: "http://127.0.0.1:9/other", enabled_events: ["charge.refunded"] });
    await first.stop();

    const state = JSON.parse(await readFile(path.join(dataDir, "stripe", "state.json"), "utf8")) as { version: number };
    expect(state.version).toBe(1);

    const second = await startStripeStandIn({ dataDir, webhooks, port: 0 });
    try {
      const again = stripeClientFor(second);
      const restored = await again.checkout.sessions.retrieve(session.id, { expand: ["subscription", "line_items"] });
      expect(restored).toMatchObject({ status: "complete", payment_status: "paid", amount_total: 16092 });
      expect(restored.line_items?.data).toHaveLength(2);
      expect(typeof restored.subscription === "object" && restored.subscription?.status).toBe("active");
      expect((await again.customers.retrieve(idOf(restored.customer))).id).toMatch(/^cus_/);
      const endpoints = await again.webhookEndpoints.list();
      expect(endpoints.data.map((e) => e.url).sort()).toEqual(["http://127.0.0.1:9/other", "http://127.0.0.1:9/webhook"]);
      expect(endpoints.data.find((e) => e.id === endpoint.id)).toBeDefined();
      expect((await again.events.list({ type: "checkout.session.completed" })).data).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });
});
