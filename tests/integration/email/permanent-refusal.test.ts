import { afterAll, describe, expect, inject, it } from "vitest";
import { healthOverview } from "@/server/operator/health-overview";
import { orderTimeline } from "@/server/operator/order-timeline";
import { operatorOrderDetails } from "@/server/operator/orders";
import { uniqueEmail } from "../../fixtures/auth-client";
import { suiteSql } from "../../fixtures/db";
import { inboxFor, waitForMail } from "../../fixtures/inbox";
import { queueEmailAlone } from "../../fixtures/jobs";
import { createCohort, eventually, insertPaidOrder } from "../../fixtures/payments";
import { startTcpProxy } from "../../fixtures/tcp-proxy";

// D16: a mail server's answer decides whether an email is tried again. A 5xx to its recipient is
// final: the row is failed at its first attempt, with the reply as its reason, and its job is done.
// A 4xx, or a server that cannot be reached, is retried with backoff as before. The app reaches the
// mail catcher through a proxy this file controls ("refuse" is the mail server down); it reads
// SMTP_URL once, when this file's workers start (after this line).
const catcher = new URL(inject("smtpUrl"));
const smtp = await startTcpProxy({ host: catcher.hostname, port: Number(catcher.port) });
process.env.SMTP_URL = smtp.url(inject("smtpUrl"));
afterAll(() => smtp.close());

const sql = suiteSql();

/** The catcher refuses the address from now on: 450 for a while, 550 for good. */
async function refuse(address: string, code: 450 | 550): Promise<void> {
  const answer = await fetch(`${inject("inboxUrl")}/api/refused/${encodeURIComponent(address)}?code=${code}`, { method: "PUT" });
  expect(answer.status).toBe(200);
}
const accept = (address: string) => fetch(`${inject("inboxUrl")}/api/refused/${encodeURIComponent(address)}`, { method: "DELETE" });

type Sent = { id: string; status: string; attempts: number; last_error: string | null };
type Job = { state: string; retry_count: number };

async function outboxRow(recipient: string): Promise<Sent> {
  const [row] = await sql<Sent[]>`select id::text, status, attempts, last_error from public.email_outbox where recipient = ${recipient}`;
  return row!;
}

async function jobsOf(outboxId: string): Promise<Job[]> {
  return sql<Job[]>`select state::text, retry_count from pgboss.job where name = 'send-email' and data ->> 'outboxId' = ${outboxId}`;
}

describe("an email the mail server refuses for good (550)", () => {
  it("is failed at its first attempt with the server's reply, its job done and nothing left to retry it", async () => {
    const to = uniqueEmail("no-such-user");
    await refuse(to, 550);
    try {
      await queueEmailAlone({ kind: "newsletter-welcome", to, data: {} });
      const row = await eventually(async () => {
        const current = await outboxRow(to);
        expect(current.status).toBe("failed");
        return current;
      }, 15_000);
      expect(row).toMatchObject({ attempts: 1, last_error: expect.stringMatching(/550 Mailbox unavailable: no such user here/) });
      await eventually(async () => expect(await jobsOf(row.id)).toEqual([{ state: "completed", retry_count: 0 }]));
      expect(await inboxFor(to)).toEqual([]);

      // The operator's Health page lists it as given up on, with its reason, and offers Send again.
      const listed = (await healthOverview()).emails.find((email) => email.id === row.id);
      expect(listed).toMatchObject({ status: "failed", attempts: 1, job: null, canResend: true });
      expect(listed!.lastError).toContain("550");
    } finally {
      await accept(to);
    }
  });

  it("shows on its order's page when it is the order's receipt", async () => {
    const to = uniqueEmail("receipt-refused");
    const orderId = await insertPaidOrder(sql, { userId: null, email: to, cohortId: await createCohort(sql), seated: false });
    await refuse(to, 550);
    try {
      await queueEmailAlone({ kind: "payment-confirmation", to, data: { orderId }, orderId });
      await eventually(async () => expect((await outboxRow(to)).status).toBe("failed"), 15_000);
      const timeline = await orderTimeline((await operatorOrderDetails(orderId))!);
      expect(timeline.find((entry) => entry.title === "Email failed: receipt")).toMatchObject({
        kind: "email",
        detail: expect.stringMatching(new RegExp(`^to ${to.replace(/[.+]/g, "\\$&")}, after 1 attempt: .*550 Mailbox unavailable`)),
      });
    } finally {
      await accept(to);
    }
  });
});

describe("an email the mail server cannot take now", () => {
  it("stays queued and is retried after a 450, and is sent once the mailbox takes mail again", async () => {
    const to = uniqueEmail("mailbox-busy");
    await refuse(to, 450);
    try {
      await queueEmailAlone({ kind: "newsletter-welcome", to, data: {} });
      const row = await eventually(async () => {
        const current = await outboxRow(to);
        expect(current.attempts).toBeGreaterThanOrEqual(2);
        return current;
      }, 20_000);
      expect(row).toMatchObject({ status: "queued", last_error: expect.stringMatching(/450 Mailbox unavailable, try again later/) });
      expect((await jobsOf(row.id))[0]!.state).toMatch(/^(retry|active)$/);
    } finally {
      await accept(to);
    }
    expect(await waitForMail(to)).toHaveLength(1);
    await eventually(async () => expect((await outboxRow(to)).status).toBe("sent"), 20_000);
  });

  it("stays queued and is retried while the mail server refuses connections", async () => {
    const to = uniqueEmail("server-down");
    smtp.setMode("refuse");
    try {
      await queueEmailAlone({ kind: "newsletter-welcome", to, data: {} });
      const row = await eventually(async () => {
        const current = await outboxRow(to);
        expect(current.attempts).toBeGreaterThanOrEqual(2);
        return current;
      }, 20_000);
      expect(row.status).toBe("queued");
      expect(row.last_error).toBeTruthy();
      expect((await jobsOf(row.id))[0]!.state).toMatch(/^(retry|active)$/);
    } finally {
      smtp.setMode("pass");
    }
    expect(await waitForMail(to)).toHaveLength(1);
    await eventually(async () => expect((await outboxRow(to)).status).toBe("sent"), 20_000);
  });
});
