import { createServer, type Socket } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { suiteSql } from "../../fixtures/db";
import { checkoutBody, cohortCounts, createCohort, postCheckout } from "../../fixtures/payments";

// Stripe accepts the connection and never answers while a buyer opens checkout. The app
// reads STRIPE_API_URL once per process, before this file's job workers start (beforeAll): here it
// is a server that accepts and stays silent. The tax rate is configured, so opening checkout's
// first Stripe call is the session itself.
const held: Socket[] = [];
let sessionRequests = 0;
const silentStripe = createServer((socket) => {
  held.push(socket);
  socket.on("data", (chunk: Buffer) => {
    if (chunk.toString("latin1").startsWith("POST /v1/checkout/sessions ")) sessionRequests += 1;
  });
});
await new Promise<void>((resolve) => silentStripe.listen(0, "127.0.0.1", resolve));
const address = silentStripe.address();
process.env.STRIPE_API_URL = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
process.env.STRIPE_TAX_RATE_ID = "txr_silentstripe";

const sql = suiteSql();

afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => silentStripe.close(resolve));
});

describe("opening checkout while Stripe hangs", () => {
  it("answers 'Payment setup failed. Please try again.' after one retry, and gives the seat back", async () => {
    const cohortId = await createCohort(sql, { cap: 2 });
    const { status, json } = await postCheckout(checkoutBody(cohortId));
    expect(status).toBe(502);
    expect(json).toEqual({ error: "Payment setup failed. Please try again.", code: "payment_provider_error" });
    // The first attempt timed out, the one retry too: a person waits for two attempts, not three.
    expect(sessionRequests).toBe(2);
    expect(await cohortCounts(sql, cohortId)).toMatchObject({ prospective: 0, held: 0 });
  });
});
