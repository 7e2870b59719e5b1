import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { queueEmail, queueEmailRow } from "@/server/email/outbox";
import { sendOutboxEmail } from "@/server/email/outbox-send";
import { queueEmailAlone } from "../../fixtures/jobs";
import { suiteSql } from "../../fixtures/db";
import { inboxFor, waitForMail } from "../../fixtures/inbox";
import { jobsSettled, outboxFor } from "../../fixtures/jobs";

const sql = suiteSql();
const address = () => `outbox-${randomUUID().slice(0, 8)}@example.com`;
const attempt = (overrides: Partial<{ retryCount: number; retryLimit: number; isLastAttempt: boolean }> = {}) => ({
  id: randomUUID(),
  retryCount: 0,
  retryLimit: 12,
  isLastAttempt: false,
  ...overrides,
});

describe("the email outbox (D16)", () => {
  it("keeps nothing, queues nothing and sends nothing when the change it belongs to rolls back", async () => {
    const to = address();
    await expect(
      db().begin(async (tx) => {
        await queueEmail(tx, { kind: "newsletter-welcome", to, data: {} });
        throw new Error("the change failed after the email was queued");
      }),
    ).rejects.toThrow("the change failed");
    await jobsSettled(sql);
    expect(await outboxFor(sql, to)).toEqual([]);
    expect(await inboxFor(to)).toEqual([]);
  });

  it("sends a queued email once through its job and records it sent", async () => {
    const to = address();
    expect(await queueEmailAlone({ kind: "newsletter-welcome", to, data: {} })).toBe(true);
    await jobsSettled(sql);
    expect(await waitForMail(to)).toHaveLength(1);
    expect(await outboxFor(sql, to)).toEqual([{ kind: "newsletter-welcome", status: "sent", attempts: 1, last_error: null }]);
  });

  it("queues an email with the same dedupe key once", async () => {
    const to = address();
    const key = `test:${randomUUID()}`;
    expect(await queueEmailAlone({ kind: "newsletter-welcome", to, data: {}, dedupeKey: key })).toBe(true);
    expect(await queueEmailAlone({ kind: "newsletter-welcome", to, data: {}, dedupeKey: key })).toBe(false);
    await jobsSettled(sql);
    expect(await waitForMail(to)).toHaveLength(1);
    expect(await outboxFor(sql, to)).toHaveLength(1);
  });

  it("answers the row's id, and the row's one job carries that id", async () => {
    const to = address();
    const id = await db().begin((tx) => queueEmailRow(tx, { kind: "newsletter-welcome", to, data: {} }));
    const [row] = await sql<{ id: string }[]>`select id from email_outbox where recipient = ${to}`;
    expect(row?.id).toBe(id);
    const jobs = await sql<
      { n: number }[]
    >`select count(*)::int as n from pgboss.job where name = 'send-email' and data->>'outboxId' = ${id!}`;
    expect(jobs[0]?.n).toBe(1);
    await jobsSettled(sql);
    expect(await waitForMail(to)).toHaveLength(1);
  });

  it("queues one job for a dedupe key queued twice in one transaction: the first row's", async () => {
    const to = address();
    const key = `test:${randomUUID()}`;
    const sendJobs = async () =>
      (await sql<{ n: number }[]>`select count(*)::int as n from pgboss.job where name = 'send-email'`)[0]?.n ?? 0;
    const before = await sendJobs();
    const [first, second] = await db().begin(async (tx) => [
      await queueEmailRow(tx, { kind: "newsletter-welcome", to, data: {}, dedupeKey: key }),
      await queueEmailRow(tx, { kind: "newsletter-welcome", to, data: {}, dedupeKey: key }),
    ]);
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    expect((await sendJobs()) - before).toBe(1);
    const [job] = await sql<{ outbox_id: string }[]>`
      select data->>'outboxId' as outbox_id from pgboss.job where name = 'send-email' and data->>'outboxId' = ${first!}`;
    expect(job?.outbox_id).toBe(first);
    await jobsSettled(sql);
    expect(await waitForMail(to)).toHaveLength(1);
  });

  it("leaves neither the row nor its job when the transaction fails after queuing", async () => {
    const to = address();
    let queued: string | null = null;
    await expect(
      db().begin(async (tx) => {
        queued = await queueEmailRow(tx, { kind: "newsletter-welcome", to, data: {} });
        throw new Error("the change failed after the email was queued");
      }),
    ).rejects.toThrow("the change failed");
    expect(queued).not.toBeNull();
    const jobs = await sql<{ n: number }[]>`select count(*)::int as n from pgboss.job where data->>'outboxId' = ${queued!}`;
    expect(jobs[0]?.n).toBe(0);
    expect(await outboxFor(sql, to)).toEqual([]);
  });

  it("does not send a row again when its job runs a second time (a retry after the send was recorded)", async () => {
    const to = address();
    await queueEmailAlone({ kind: "newsletter-welcome", to, data: {} });
    await jobsSettled(sql);
    const [row] = await sql<{ id: string }[]>`select id from email_outbox where recipient = ${to}`;
    await sendOutboxEmail(row!.id, attempt({ retryCount: 1 }));
    // A job the second run might have queued has run too.
    await jobsSettled(sql);
    expect(await inboxFor(to)).toHaveLength(1);
    expect((await outboxFor(sql, to))[0]).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("records a failed attempt with its reason and keeps the row queued until the last attempt marks it failed", async () => {
    const to = address();
    // A receipt of an order that does not exist cannot be rendered: every attempt fails.
    const [row] = await sql<{ id: string }[]>`
      insert into email_outbox (kind, recipient, data) values ('payment-confirmation', ${to}, ${sql.json({ orderId: randomUUID() })}) returning id`;
    await expect(sendOutboxEmail(row!.id, attempt())).rejects.toThrow(/does not exist/);
    expect((await outboxFor(sql, to))[0]).toMatchObject({
      status: "queued",
      attempts: 1,
      last_error: expect.stringMatching(/does not exist/),
    });
    await expect(sendOutboxEmail(row!.id, attempt({ retryCount: 12, isLastAttempt: true }))).rejects.toThrow(/does not exist/);
    expect((await outboxFor(sql, to))[0]).toMatchObject({ status: "failed", attempts: 2 });
    expect(await inboxFor(to)).toEqual([]);
  });

  it("refuses an email whose data does not fit its kind, before anything is kept", async () => {
    const to = address();
    await expect(queueEmailAlone({ kind: "payment-confirmation", to, data: { orderId: "not-an-order-id" } })).rejects.toThrow();
    expect(await outboxFor(sql, to)).toEqual([]);
  });
});
