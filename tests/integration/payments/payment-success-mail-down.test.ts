import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { sendOutboxEmail } from "@/server/email/outbox-send";
import { serverEnv } from "@/server/env";
import { checkoutResult } from "@/server/payments/checkout-result";
import { uniqueEmail } from "../../fixtures/auth-client";
import { suiteSql } from "../../fixtures/db";
import { inboxFor } from "../../fixtures/inbox";
import { checkoutBody, createCohort, eventually, payAtStripe, postCheckout } from "../../fixtures/payments";

// SMTP down while a buyer pays. The app reads SMTP_URL once per process, before this
// file's job workers start (beforeAll): here it is a port nobody listens on, so every send fails.
const closedPort = await new Promise<number>((resolve, reject) => {
  const server = createServer();
  server.once("error", reject);
  server.listen(0, "127.0.0.1", () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    server.close(() => resolve(port));
  });
});
process.env.SMTP_URL = `smtp://127.0.0.1:${closedPort}`;

const sql = suiteSql();

type OutboxRow = { id: string; kind: string; status: string; attempts: number; last_error: string | null };

async function outboxOfOrder(orderId: string): Promise<OutboxRow[]> {
  return sql<OutboxRow[]>`select id, kind, status, attempts, last_error from public.email_outbox where order_id = ${orderId} order by kind`;
}

/** A guest pays at the hosted checkout; the success page is the first to hear of it (no webhook here). */
async function guestPays() {
  const email = uniqueEmail("mail-down");
  const { json } = await postCheckout(checkoutBody(await createCohort(sql), { planType: "popular" }));
  const sessionId = json.data!.sessionId;
  await payAtStripe(sessionId, { email });
  return { email, sessionId };
}

async function orderOf(sessionId: string): Promise<{ id: string; status: string }> {
  const [order] = await sql<
    { id: string; status: string }[]
  >`select id, status from public.orders where stripe_checkout_session_id = ${sessionId}`;
  return order!;
}

describe("/payment-success while mail is down (checkoutResult)", () => {
  it("shows a paid order as paid, with its receipt and set-up email on their way, while every send fails", async () => {
    expect(serverEnv().SMTP_URL).toBe(`smtp://127.0.0.1:${closedPort}`);
    const { email, sessionId } = await guestPays();

    const result = await checkoutResult(sessionId);
    expect(result).toMatchObject({ status: "paid", planName: "Popular", emails: "queued" });
    const order = await orderOf(sessionId);
    expect(order.status).toBe("paid");

    // The send job has tried and failed (and will try again); the page still says paid, on its way.
    const rows = await eventually(async () => {
      const outbox = await outboxOfOrder(order.id);
      expect(outbox.map((row) => row.kind)).toEqual(["account-setup", "payment-confirmation"]);
      for (const row of outbox) {
        expect(row.status).toBe("queued");
        expect(row.attempts).toBeGreaterThanOrEqual(1);
        expect(row.last_error).toMatch(/ECONNREFUSED/);
      }
      return outbox;
    }, 15_000);
    expect(rows).toHaveLength(2);
    expect(await checkoutResult(sessionId)).toMatchObject({ status: "paid", planName: "Popular", emails: "queued" });
    expect(await inboxFor(email)).toEqual([]);
  });

  it("shows a paid order as paid when its receipt's last attempt failed, and says so", async () => {
    const { sessionId } = await guestPays();
    expect(await checkoutResult(sessionId)).toMatchObject({ status: "paid", emails: "queued" });
    const order = await orderOf(sessionId);
    const [receipt] = (await outboxOfOrder(order.id)).filter((row) => row.kind === "payment-confirmation");

    // Its retries are spent: the engine's job for it is over, and its last attempt fails too. The
    // job is cancelled while it waits for its next retry, never while an attempt runs, so no attempt
    // of the engine's ends after the last one below.
    await eventually(async () => {
      await sql`
        update pgboss.job set state = 'cancelled', completed_on = now()
        where name = 'send-email' and data->>'outboxId' = ${receipt!.id} and state in ('created', 'retry')`;
      const [running] = await sql<{ n: number }[]>`
        select count(*)::int as n from pgboss.job where name = 'send-email' and data->>'outboxId' = ${receipt!.id} and state = 'active'`;
      expect(running!.n).toBe(0);
    }, 20_000);
    await expect(sendOutboxEmail(receipt!.id, { id: "last", retryCount: 12, retryLimit: 12, isLastAttempt: true })).rejects.toThrow(
      /ECONNREFUSED/,
    );
    expect((await outboxOfOrder(order.id)).find((row) => row.kind === "payment-confirmation")!.status).toBe("failed");

    expect(await checkoutResult(sessionId)).toMatchObject({ status: "paid", planName: "Popular", emails: "failed" });
    expect((await orderOf(sessionId)).status).toBe("paid");
  });
});
