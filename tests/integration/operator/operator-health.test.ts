import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, inject, it } from "vitest";
import { POST as resendRoute } from "@/app/api/operator/emails/resend/route";
import { POST as retryRoute } from "@/app/api/operator/jobs/retry/route";
import { POST as reconciliationRoute } from "@/app/api/operator/reconciliation/route";
import { db } from "@/server/db/client";
import { queueEmail } from "@/server/email/outbox";
import { enqueueJob } from "@/server/jobs/enqueue-job";
import { jobEngine } from "@/server/jobs/job-engine";
import { healthOverview } from "@/server/operator/health-overview";
import { stripe } from "@/server/payments/stripe-client";
import { uniqueEmail } from "../../fixtures/auth-client";
import { suiteSql } from "../../fixtures/db";
import { inboxFor, waitForMail } from "../../fixtures/inbox";
import { jobsSettled, outboxFor } from "../../fixtures/jobs";
import { auditEntriesOf, callRoute, signedInOperator } from "../../fixtures/operators";
import { SITE, cohortCounts, createCohort, eventually, openCheckout, payAtStripe, signedInMember } from "../../fixtures/payments";
import { startTcpProxy } from "../../fixtures/tcp-proxy";

// Health: the job engine's failed jobs with Retry, the emails not sent with Send again and
// the orders that disagree with Stripe with Check with Stripe now, on the real engine and database.
// The app reaches the mail catcher through a proxy this file controls: "refuse" is the mail server
// down. The app reads SMTP_URL once, when this file's workers start (after this line).
const catcher = new URL(inject("smtpUrl"));
const smtp = await startTcpProxy({ host: catcher.hostname, port: Number(catcher.port) });
process.env.SMTP_URL = smtp.url(inject("smtpUrl"));
afterAll(() => smtp.close());

const sql = suiteSql();
const operator = await signedInOperator("health-op");

type JobState = { state: string; retry_count: number; retry_limit: number };

async function jobOf(queue: string, id: string): Promise<JobState | undefined> {
  const [job] = await sql<JobState[]>`select state::text, retry_count, retry_limit from pgboss.job where name = ${queue} and id = ${id}`;
  return job;
}

async function sendEmailJobOf(outboxId: string): Promise<string> {
  const [job] = await sql<
    { id: string }[]
  >`select id::text from pgboss.job where name = 'send-email' and data ->> 'outboxId' = ${outboxId}`;
  return job!.id;
}

/** A welcome email queued as the product queues one, its job allowed `retryLimit` retries. */
async function queueWelcome(to: string, retryLimit: number): Promise<{ outboxId: string; jobId: string }> {
  await db().begin(async (tx) => {
    await queueEmail(tx, { kind: "newsletter-welcome", to, data: {} });
    await tx`update pgboss.job set retry_limit = ${retryLimit} where name = 'send-email' and data ->> 'outboxId' in (
      select id::text from public.email_outbox where recipient = ${to})`;
  });
  const [row] = await sql<{ id: string }[]>`select id::text from public.email_outbox where recipient = ${to}`;
  return { outboxId: row!.id, jobId: await sendEmailJobOf(row!.id) };
}

/** A send-email job that fails at once and for good: its email is a receipt of an order that does not exist. */
async function failedEmailJob(): Promise<{ outboxId: string; jobId: string }> {
  const to = uniqueEmail("no-order");
  const outboxId = await db().begin(async (tx) => {
    const [row] = await tx<{ id: string }[]>`
      insert into public.email_outbox (kind, recipient, data) values ('payment-confirmation', ${to}, ${tx.json({ orderId: randomUUID() })}) returning id::text`;
    await enqueueJob(tx, "send-email", { outboxId: row!.id });
    await tx`update pgboss.job set retry_limit = 0 where name = 'send-email' and data ->> 'outboxId' = ${row!.id}`;
    return row!.id;
  });
  const jobId = await sendEmailJobOf(outboxId);
  await eventually(async () => expect((await jobOf("send-email", jobId))?.state).toBe("failed"), 20_000);
  return { outboxId, jobId };
}

// As the operator unless another caller is given (null: a visitor, with no token at all).
type Caller = string | null;
const as = (token: Caller) => token ?? undefined;
const retry = (body: unknown, token: Caller = operator.token) =>
  callRoute(retryRoute, "/api/operator/jobs/retry", { token: as(token), method: "POST", body });
const resend = (body: unknown, token: Caller = operator.token) =>
  callRoute(resendRoute, "/api/operator/emails/resend", { token: as(token), method: "POST", body });
const check = (body: unknown, token: Caller = operator.token) =>
  callRoute(reconciliationRoute, "/api/operator/reconciliation", { token: as(token), method: "POST", body });

const auditCount = async () => (await sql<{ n: number }[]>`select count(*)::int as n from public.operator_audit_log`)[0]!.n;

describe("a send-email job that fails until its retries run out", () => {
  const to = uniqueEmail("mail-down");
  let jobId = "";
  let outboxId = "";

  it("is shown as failed with its error, its email as given up on", async () => {
    smtp.setMode("refuse");
    ({ jobId, outboxId } = await queueWelcome(to, 1));
    await eventually(async () => expect((await jobOf("send-email", jobId))?.state).toBe("failed"), 30_000);
    smtp.setMode("pass");

    const health = await healthOverview();
    const [job] = await sql<{ error: string }[]>`select output ->> 'message' as error from pgboss.job where id = ${jobId}`;
    expect(job!.error).toBeTruthy();
    expect(health.queues.find((q) => q.queue === "send-email")!.failed).toBeGreaterThanOrEqual(1);
    // One row and one action: the email's, not the job's as well.
    const email = health.emails.find((e) => e.id === outboxId);
    expect(email).toMatchObject({ status: "failed", attempts: 2, job: { id: jobId, state: "failed" }, canResend: true });
    expect(email!.lastError).toContain(job!.error);
    expect(health.failedJobs.map((j) => j.id)).not.toContain(jobId);
    expect(await inboxFor(to)).toEqual([]);
  });

  it("is queued again by an operator's Retry and then sent, and the audit log holds the retry", async () => {
    const answer = await retry({ queue: "send-email", id: jobId });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: { queue: "send-email", id: jobId, state: "retry" } });

    expect(await waitForMail(to)).toHaveLength(1);
    await eventually(async () => expect((await jobOf("send-email", jobId))?.state).toBe("completed"));
    expect(await outboxFor(sql, to)).toEqual([{ kind: "newsletter-welcome", status: "sent", attempts: 3, last_error: null }]);
    expect(await auditEntriesOf(sql, jobId)).toEqual([
      {
        actor_id: operator.userId,
        actor: operator.email,
        action: "job.retry",
        subject_type: "job",
        before: { queue: "send-email", state: "failed", attempts: 2, retry_limit: 1, email_status: "failed" },
        after: { queue: "send-email", state: "retry", attempts: 2, retry_limit: 2, email_status: "queued" },
      },
    ]);
    const health = await healthOverview();
    expect(health.failedJobs.map((j) => j.id)).not.toContain(jobId);
    expect(health.emails.map((e) => e.id)).not.toContain(outboxId);
  });

  it("is refused a second Retry once it is no longer failed (409), and nothing changes", async () => {
    const before = await auditCount();
    const answer = await retry({ queue: "send-email", id: jobId });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ error: "This job is completed, not failed: only a failed job can be retried.", code: "conflict" });
    expect(await jobOf("send-email", jobId)).toMatchObject({ state: "completed", retry_limit: 2 });
    expect(await auditCount()).toBe(before);
    expect(await inboxFor(to)).toHaveLength(1);
  });
});

describe("Retry refuses", () => {
  it("a job that is waiting to run (409), leaving it as it was", async () => {
    const to = uniqueEmail("later");
    const outboxId = await db().begin(async (tx) => {
      const [row] = await tx<
        { id: string }[]
      >`insert into public.email_outbox (kind, recipient) values ('newsletter-welcome', ${to}) returning id::text`;
      await enqueueJob(tx, "send-email", { outboxId: row!.id }, { startAfter: new Date(Date.now() + 3600_000) });
      return row!.id;
    });
    const jobId = await sendEmailJobOf(outboxId);
    const before = await auditCount();
    const answer = await retry({ queue: "send-email", id: jobId });
    expect(answer.status).toBe(409);
    expect(answer.body?.error).toBe("This job is waiting to run, not failed: only a failed job can be retried.");
    expect(await jobOf("send-email", jobId)).toMatchObject({ state: "created", retry_limit: 12 });
    expect(await auditCount()).toBe(before);
    await sql`update pgboss.job set state = 'cancelled', completed_on = now() where name = 'send-email' and id = ${jobId}`;
  });

  it("a job that does not exist (404), a queue that does not exist (422), a job given with the wrong queue (404)", async () => {
    const { jobId } = await failedEmailJob();
    const before = await auditCount();
    expect((await retry({ queue: "send-email", id: randomUUID() })).status).toBe(404);
    const noQueue = await retry({ queue: "no-such-queue", id: jobId });
    expect(noQueue.status).toBe(422);
    expect(noQueue.body?.details).toEqual([{ path: "queue", message: "There is no such queue." }]);
    expect((await retry({ queue: "stripe-event", id: jobId })).status).toBe(404);
    expect(await jobOf("send-email", jobId)).toMatchObject({ state: "failed", retry_limit: 0 });
    expect(await auditCount()).toBe(before);
  });

  it("a body that is not what it should be: NUL bytes, wrong types, missing fields, not JSON (4xx, never 500)", async () => {
    const { jobId } = await failedEmailJob();
    const before = await auditCount();
    for (const body of [
      { queue: "send-email\u0000", id: jobId },
      { queue: "send-email", id: `${jobId}\u0000` },
      { queue: 7, id: jobId },
      { queue: "send-email", id: [jobId] },
      { queue: "send-email", id: "not-a-uuid" },
      { queue: "send-email" },
      { queue: "send-email'; drop table pgboss.job; --", id: jobId },
      [],
      "send-email",
      null,
    ]) {
      const answer = await retry(body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body?.code).toBe("validation_failed");
    }
    const raw = await retryRoute(
      new Request(`${SITE}/api/operator/jobs/retry`, {
        method: "POST",
        headers: { authorization: `Bearer ${operator.token}`, "content-type": "application/json" },
        body: '{"queue":',
      }),
    );
    expect(raw.status).toBe(400);
    expect(await jobOf("send-email", jobId)).toMatchObject({ state: "failed" });
    expect(await auditCount()).toBe(before);
  });

  it("a member and a visitor (403, as every operator route), changing nothing", async () => {
    const { jobId, outboxId } = await failedEmailJob();
    const member = await signedInMember("health-member");
    const before = await auditCount();
    for (const token of [member.token, null, "not-a-token"]) {
      for (const answer of [
        await retry({ queue: "send-email", id: jobId }, token),
        await resend({ outboxId }, token),
        await check({}, token),
        await check({ orderId: randomUUID() }, token),
      ]) {
        expect(answer.status).toBe(403);
        expect(answer.body).toEqual({ error: "This is for operators only.", code: "forbidden" });
      }
    }
    expect(await jobOf("send-email", jobId)).toMatchObject({ state: "failed", retry_limit: 0 });
    expect((await sql<{ status: string }[]>`select status from public.email_outbox where id = ${outboxId}`)[0]!.status).toBe("failed");
    expect(await auditCount()).toBe(before);
  });
});

describe("Send again", () => {
  it("queues an email given up on whose job is gone with a new job; it is sent, and audited", async () => {
    const to = uniqueEmail("job-gone");
    const [row] = await sql<{ id: string }[]>`
      insert into public.email_outbox (kind, recipient, status, attempts, last_error)
      values ('newsletter-welcome', ${to}, 'failed', 13, 'Error: Connection closed unexpectedly') returning id::text`;
    const outboxId = row!.id;
    const listed = (await healthOverview()).emails.find((e) => e.id === outboxId);
    expect(listed).toMatchObject({ status: "failed", job: null, canResend: true });

    const answer = await resend({ outboxId });
    expect(answer.status).toBe(200);
    const { jobId } = answer.body!.data as { jobId: string };
    expect(await waitForMail(to)).toHaveLength(1);
    await jobsSettled(sql);
    expect(await outboxFor(sql, to)).toEqual([{ kind: "newsletter-welcome", status: "sent", attempts: 14, last_error: null }]);
    expect(await auditEntriesOf(sql, outboxId)).toEqual([
      expect.objectContaining({
        actor_id: operator.userId,
        action: "email.resend",
        subject_type: "email",
        before: { kind: "newsletter-welcome", status: "failed", attempts: 13 },
        after: { kind: "newsletter-welcome", status: "queued", attempts: 13, job: jobId, job_retried: false },
      }),
    ]);
  });

  it("retries the email's own failed job rather than queue a second one", async () => {
    const { outboxId, jobId } = await failedEmailJob();
    const answer = await resend({ outboxId });
    expect(answer.status).toBe(200);
    expect(answer.body?.data).toEqual({ outboxId, jobId, status: "queued" });
    const jobs = await sql`select id from pgboss.job where name = 'send-email' and data ->> 'outboxId' = ${outboxId}`;
    expect(jobs).toHaveLength(1);
    // The order still does not exist: the retried job fails again, and the email is given up on again.
    await eventually(async () => expect((await jobOf("send-email", jobId))?.state).toBe("failed"), 20_000);
    expect((await sql<{ status: string }[]>`select status from public.email_outbox where id = ${outboxId}`)[0]!.status).toBe("failed");
  });

  it("refuses an email whose job is still to run (409) and one that was sent (409), changing nothing", async () => {
    const to = uniqueEmail("still-trying");
    const outboxId = await db().begin(async (tx) => {
      const [row] = await tx<
        { id: string }[]
      >`insert into public.email_outbox (kind, recipient) values ('newsletter-welcome', ${to}) returning id::text`;
      await enqueueJob(tx, "send-email", { outboxId: row!.id }, { startAfter: new Date(Date.now() + 3600_000) });
      return row!.id;
    });
    const before = await auditCount();
    const trying = await resend({ outboxId });
    expect(trying.status).toBe(409);
    expect(trying.body?.error).toBe("This email is still being tried by its job: it is sent, or given up on, without help.");
    expect((await healthOverview()).emails.find((e) => e.id === outboxId)).toMatchObject({ job: { state: "created" }, canResend: false });
    await sql`update public.email_outbox set status = 'sent', sent_at = now() where id = ${outboxId}`;
    expect((await resend({ outboxId })).body?.error).toBe("This email has been sent already.");
    expect((await resend({ outboxId: randomUUID() })).status).toBe(404);
    expect((await resend({ outboxId: "1; drop table email_outbox" })).status).toBe(422);
    expect(await auditCount()).toBe(before);
    await sql`update pgboss.job set state = 'cancelled', completed_on = now() where name = 'send-email' and data ->> 'outboxId' = ${outboxId}`;
  });
});

describe("orders that disagree with Stripe", () => {
  const orderOf = async (sessionId: string) =>
    (
      await sql<
        { id: string; status: string }[]
      >`select id::text, status from public.orders where stripe_checkout_session_id = ${sessionId}`
    )[0]!;
  const pastItsCheckout = (orderId: string) =>
    sql`update public.orders set created_at = now() - interval '50 minutes' where id = ${orderId}`;

  it("lists a checkout paid at Stripe whose webhook was lost once it is past its time; Check with Stripe now fulfils it, audited", async () => {
    const cohortId = await createCohort(sql);
    const { sessionId } = await openCheckout(cohortId);
    expect((await payAtStripe(sessionId, { email: uniqueEmail("lost-webhook") })).outcome).toBe("succeeded");
    const order = await orderOf(sessionId);
    expect((await healthOverview()).orders.map((o) => o.id)).not.toContain(order.id);
    await pastItsCheckout(order.id);
    expect((await healthOverview()).orders.find((o) => o.id === order.id)).toMatchObject({
      status: "pending",
      problem: "pending_too_long",
    });

    const answer = await check({ orderId: order.id });
    expect(answer.status).toBe(202);
    const { jobId } = answer.body!.data as { jobId: string };
    expect(answer.body?.data).toEqual({ jobId, orderId: order.id });
    await eventually(async () => expect((await orderOf(sessionId)).status).toBe("paid"), 20_000);
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 1, participants: 1, held: 0, enrolled: 1 });
    expect(await auditEntriesOf(sql, order.id)).toEqual([
      expect.objectContaining({
        actor_id: operator.userId,
        action: "order.stripe_check",
        subject_type: "order",
        before: { status: "pending" },
        after: { status: "pending", check_job: jobId },
      }),
    ]);
    expect((await healthOverview()).orders.map((o) => o.id)).not.toContain(order.id);

    // Its subscription's row lost: listed from half an hour after the payment, recorded by the next check.
    const [paid] = await sql<
      { subscription: string }[]
    >`select stripe_subscription_id as subscription from public.orders where id = ${order.id}`;
    await sql`delete from public.subscriptions where stripe_subscription_id = ${paid!.subscription}`;
    // Paid at the start of the week looked through: the longest-standing, so listed first whatever
    // other files of this run left paid without a subscription row (the page shows 25 at most).
    await sql`update public.orders set paid_at = now() - interval '7 days' + interval '1 minute' where id = ${order.id}`;
    expect((await healthOverview()).orders.find((o) => o.id === order.id)).toMatchObject({
      status: "paid",
      problem: "subscription_missing",
    });
    expect((await check({ orderId: order.id })).status).toBe(202);
    await eventually(
      async () =>
        expect(await sql`select status from public.subscriptions where stripe_subscription_id = ${paid!.subscription}`).toEqual([
          { status: "active" },
        ]),
      20_000,
    );
    expect((await healthOverview()).orders.map((o) => o.id)).not.toContain(order.id);
  });

  it("closes an unpaid checkout past its time, expiring it at Stripe and giving its seat back", async () => {
    const cohortId = await createCohort(sql);
    const { sessionId } = await openCheckout(cohortId);
    const order = await orderOf(sessionId);
    await pastItsCheckout(order.id);
    expect((await check({ orderId: order.id })).status).toBe(202);
    await eventually(async () => expect((await orderOf(sessionId)).status).toBe("expired"), 20_000);
    expect((await stripe().checkout.sessions.retrieve(sessionId)).status).toBe("expired");
    expect(await cohortCounts(sql, cohortId)).toMatchObject({ prospective: 0, held: 0 });
  });

  it("leaves a checkout still within its time open at Stripe and pending here", async () => {
    const cohortId = await createCohort(sql);
    const { sessionId } = await openCheckout(cohortId);
    const order = await orderOf(sessionId);
    expect((await check({ orderId: order.id })).status).toBe(202);
    await jobsSettled(sql);
    expect((await orderOf(sessionId)).status).toBe("pending");
    expect((await stripe().checkout.sessions.retrieve(sessionId)).status).toBe("open");
  });

  it("runs the whole reconciliation now, audited; refuses an unknown order (404) or a bad id (422), queuing nothing", async () => {
    const answer = await check({});
    expect(answer.status).toBe(202);
    const { jobId } = answer.body!.data as { jobId: string };
    expect(answer.body?.data).toEqual({ jobId, orderId: null });
    expect(await sql`select state::text from pgboss.job where name = 'stripe-reconciliation' and id = ${jobId}`).toHaveLength(1);
    expect(await auditEntriesOf(sql, jobId)).toEqual([
      expect.objectContaining({
        actor_id: operator.userId,
        action: "stripe.reconcile",
        subject_type: "job",
        before: null,
        after: { queue: "stripe-reconciliation" },
      }),
    ]);
    await jobsSettled(sql, 30_000);

    const before = await auditCount();
    const checks = (await sql<{ n: number }[]>`select count(*)::int as n from pgboss.job where name = 'stripe-order-check'`)[0]!.n;
    expect((await check({ orderId: randomUUID() })).status).toBe(404);
    expect((await check({ orderId: "not-an-order\u0000" })).status).toBe(422);
    expect((await check({ orderId: 42 })).status).toBe(422);
    expect(await auditCount()).toBe(before);
    expect((await sql<{ n: number }[]>`select count(*)::int as n from pgboss.job where name = 'stripe-order-check'`)[0]!.n).toBe(checks);
  });
});

describe("the Health page's reads", () => {
  it("pages failed jobs newest first by keyset: the next page starts after the last row, none twice", async () => {
    // Jobs whose data its handler refuses at once, failed for good on their first attempt.
    await db().begin(async (tx) => {
      for (let i = 0; i < 27; i += 1) await enqueueJob(tx, "send-email", { outboxId: `not-an-id-${i}` });
      await tx`update pgboss.job set retry_limit = 0 where name = 'send-email' and data ->> 'outboxId' like 'not-an-id-%'`;
    });
    await jobsSettled(sql);
    const first = await healthOverview();
    expect(first.failedJobs).toHaveLength(25);
    // The shared keyset cursor: the last row's time to the microsecond, in UTC, and its id.
    expect(first.olderFailedJobs).toEqual([
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
      first.failedJobs[24]!.id,
    ]);
    const second = await healthOverview({ jobsAfter: first.olderFailedJobs });
    expect(second.failedJobs.length).toBeGreaterThanOrEqual(2);
    const ids = [...first.failedJobs, ...second.failedJobs].map((job) => job.id);
    expect(new Set(ids).size).toBe(ids.length);
    const times = [...first.failedJobs, ...second.failedJobs].map((job) => job.failedAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(first.failedJobs.find((job) => job.about?.startsWith("outboxId: not-an-id-"))).toMatchObject({
      queue: "send-email",
      email: null,
      attempts: 1,
    });
    // A cursor of another kind of list reads the first page.
    const wrongKind = await healthOverview({ jobsAfter: [42, first.failedJobs[0]!.id] });
    expect(wrongKind.failedJobs.map((job) => job.id)).toContain(first.failedJobs[0]!.id);
  });

  it("pages unsent emails newest first by keyset: emails written the same microsecond are split by id, none twice", async () => {
    const to = uniqueEmail("health-pages");
    // Written after every other email of the run, so they are the first page. The time goes as text:
    // the driver would send a timestamptz parameter through a JS Date, to the millisecond.
    const AT = "2999-01-01T00:00:00.123456Z";
    const rows = await sql<{ id: string }[]>`
      insert into public.email_outbox (kind, recipient, status, attempts, last_error, created_at)
      select 'newsletter-welcome', ${to}, 'failed', 1, 'Mailbox unavailable', ${AT}::text::timestamptz from generate_series(1, 27) returning id::text`;
    try {
      const ids = rows
        .map((row) => row.id)
        .sort()
        .reverse();
      const first = await healthOverview();
      expect(first.emails.map((email) => email.id)).toEqual(ids.slice(0, 25));
      expect(first.olderEmails).toEqual([AT, ids[24]]);
      const second = await healthOverview({ emailsAfter: first.olderEmails });
      expect(second.emails.slice(0, 2).map((email) => email.id)).toEqual(ids.slice(25));
      const wrongKind = await healthOverview({ emailsAfter: [42, ids[0]!] });
      expect(wrongKind.emails.map((email) => email.id)).toEqual(ids.slice(0, 25));
    } finally {
      await sql`delete from public.email_outbox where recipient = ${to}`;
    }
  });

  it("shows the 25 longest-standing orders still pending past their checkout, and says there are more", async () => {
    const cohortId = await createCohort(sql, { cap: 100 });
    // Older than any order another file leaves pending in the run's shared database.
    const ids = await sql<{ id: string }[]>`
      insert into public.orders (email, plan_type, plan_name, has_cgm, cohort_id, subtotal_cents, tax_cents, total_cents, created_at)
      select 'stale-' || g || '@example.com', 'starter', 'Starter', false, ${cohortId}, 9900, 792, 10692, now() - interval '3650 days' - g * interval '1 minute'
      from generate_series(1, 26) g returning id::text`;
    const health = await healthOverview();
    const stale = health.orders.filter((order) => order.problem === "pending_too_long");
    expect(stale).toHaveLength(25);
    expect(health.moreOrders).toBe(true);
    // Longest-standing first: the oldest of those just made leads.
    expect(stale[0]!.email).toBe("stale-26@example.com");
    await sql`update public.orders set status = 'expired' where id in ${sql(ids.map((row) => row.id))}`;
    expect((await healthOverview()).moreOrders).toBe(false);
  });

  it("has its indexes on every queue's partition of the job table, a queue made later included", async () => {
    await jobEngine().createQueue("health-index-check");
    try {
      const rows = await sql<{ queue: string; failed: boolean; active: boolean; attention: boolean }[]>`
        select q.name as queue,
          exists (select 1 from pg_indexes i where i.schemaname = 'pgboss' and i.tablename = q.partition_name and i.indexdef like '%WHERE (state = ''failed''%') as failed,
          exists (select 1 from pg_indexes i where i.schemaname = 'pgboss' and i.tablename = q.partition_name and i.indexdef like '%WHERE (state = ''active''%') as active,
          exists (select 1 from pg_indexes i where i.schemaname = 'pgboss' and i.tablename = q.partition_name and i.indexdef like '%WHERE ((state = ''retry''%retry_count >= 2))%') as attention
        from pgboss.queue q`;
      expect(rows.map((row) => row.queue)).toContain("health-index-check");
      for (const row of rows) expect(row, row.queue).toMatchObject({ failed: true, active: true, attention: true });
    } finally {
      await jobEngine().deleteQueue("health-index-check");
    }
  });
});

describe("work we owe, of every kind", () => {
  type Kind = { direction: "in" | "out"; channel: string };
  const kindOf = (health: Awaited<ReturnType<typeof healthOverview>>, kind: Kind) =>
    health.owedWork.kinds.find((k) => k.direction === kind.direction && k.channel === kind.channel);
  const HOURS = 3_600;

  it("shows a stuck Telegram message, an unprocessed Stripe event and an unprocessed Telegram update as queued, each under its kind", async () => {
    const before = await healthOverview();
    // Written as the product writes them, but with no job to send or process them: they wait.
    const [message] = await sql<{ id: string }[]>`
      insert into public.telegram_outgoing_messages (chat_id, text, attempts, last_error, created_at)
      values (4242, 'You are unlinked.', 3, 'Too Many Requests: retry after 5', now() - interval '5 hours') returning id::text`;
    const eventId = `evt_owed_${randomUUID().replaceAll("-", "")}`;
    await sql`insert into public.stripe_events (id, type, received_at) values (${eventId}, 'checkout.session.completed', now() - interval '6 hours')`;
    const updateId = 900_000_000 + Math.floor(Math.random() * 1_000_000);
    await sql`insert into public.telegram_updates (update_id, received_at) values (${updateId}, now() - interval '7 hours')`;

    const health = await healthOverview();
    expect(health.owedWork.kinds.map(({ direction, channel }) => `${direction} ${channel}`).slice(0, 4)).toEqual([
      "out email",
      "out telegram",
      "in stripe",
      "in telegram",
    ]);
    const expectations: [Kind, number][] = [
      [{ direction: "out", channel: "telegram" }, 5 * HOURS],
      [{ direction: "in", channel: "stripe" }, 6 * HOURS],
      [{ direction: "in", channel: "telegram" }, 7 * HOURS],
    ];
    for (const [kind, age] of expectations) {
      const now = kindOf(health, kind)!;
      expect(now.queued, `${kind.direction} ${kind.channel}`).toBe(kindOf(before, kind)!.queued + 1);
      expect(now.failed).toBe(kindOf(before, kind)!.failed);
      expect(now.oldestQueuedSeconds).toBeGreaterThanOrEqual(age);
    }
    // None of them is listed as given up on: a job may still take them.
    expect(health.owedWork.failed.map((work) => work.key)).not.toEqual(expect.arrayContaining([message!.id]));

    const states = await sql<
      { direction: string; channel: string; key: string; state: string; attempts: number; last_error: string | null }[]
    >`
      select direction, channel, key, state, attempts, last_error from public.owed_work
      where key in ${sql([message!.id, eventId, String(updateId)])} order by key`;
    expect(states).toEqual(
      expect.arrayContaining([
        {
          direction: "out",
          channel: "telegram",
          key: message!.id,
          state: "queued",
          attempts: 3,
          last_error: "Too Many Requests: retry after 5",
        },
        { direction: "in", channel: "stripe", key: eventId, state: "queued", attempts: 0, last_error: null },
        { direction: "in", channel: "telegram", key: String(updateId), state: "queued", attempts: 0, last_error: null },
      ]),
    );

    // Once done, each leaves the counts.
    await sql`update public.telegram_outgoing_messages set sent_at = now(), outcome = 'sent' where id = ${message!.id}`;
    await sql`update public.stripe_events set processed_at = now() where id = ${eventId}`;
    await sql`update public.telegram_updates set processed_at = now(), outcome = 'handled' where update_id = ${updateId}`;
    const after = await healthOverview();
    for (const [kind] of expectations)
      expect(kindOf(after, kind)!.queued, `${kind.direction} ${kind.channel}`).toBe(kindOf(before, kind)!.queued);
    // A kind with nothing queued has no oldest queued item, whatever failed.
    for (const kind of after.owedWork.kinds)
      expect(kind.oldestQueuedSeconds === null, `${kind.direction} ${kind.channel}`).toBe(kind.queued === 0);
    const [done] = await sql<{ n: number }[]>`
      select count(*)::int as n from public.owed_work where key in ${sql([message!.id, eventId, String(updateId)])} and state = 'done' and finished_at is not null`;
    expect(done!.n).toBe(3);
  });

  it("lists a Telegram message and update that Telegram refused for good as failed, with their error, newest first; not a failed email", async () => {
    const before = await healthOverview();
    const [message] = await sql<{ id: string }[]>`
      insert into public.telegram_outgoing_messages (chat_id, text, attempts, last_error, sent_at, outcome, created_at)
      values (4343, 'You are unlinked.', 1, 'Forbidden: bot was blocked by the user', now(), 'undeliverable', now() - interval '1 minute') returning id::text`;
    const updateId = 901_000_000 + Math.floor(Math.random() * 1_000_000);
    await sql`
      insert into public.telegram_updates (update_id, attempts, last_error, processed_at, outcome, received_at)
      values (${updateId}, 1, 'Forbidden: bot was blocked by the user', now(), 'undeliverable', now())`;
    const to = uniqueEmail("owed-failed");
    await sql`insert into public.email_outbox (kind, recipient, status, attempts, last_error) values ('newsletter-welcome', ${to}, 'failed', 1, 'Mailbox unavailable')`;

    const health = await healthOverview();
    expect(kindOf(health, { direction: "out", channel: "telegram" })!.failed).toBe(
      kindOf(before, { direction: "out", channel: "telegram" })!.failed + 1,
    );
    expect(kindOf(health, { direction: "in", channel: "telegram" })!.failed).toBe(
      kindOf(before, { direction: "in", channel: "telegram" })!.failed + 1,
    );
    expect(kindOf(health, { direction: "out", channel: "email" })!.failed).toBe(
      kindOf(before, { direction: "out", channel: "email" })!.failed + 1,
    );
    const [update, sent] = health.owedWork.failed;
    expect(update).toMatchObject({
      direction: "in",
      channel: "telegram",
      key: String(updateId),
      attempts: 1,
      lastError: "Forbidden: bot was blocked by the user",
    });
    expect(sent).toMatchObject({
      direction: "out",
      channel: "telegram",
      key: message!.id,
      about: "chat 4343",
      lastError: "Forbidden: bot was blocked by the user",
    });
    expect(sent!.finishedAt).toBeInstanceOf(Date);
    for (const kind of health.owedWork.kinds)
      expect(kind.oldestQueuedSeconds === null, `${kind.direction} ${kind.channel}`).toBe(kind.queued === 0);
    // The failed email is listed once, under the emails not sent, with Send again.
    expect(health.owedWork.failed.some((work) => work.channel === "email")).toBe(false);
    expect(health.emails.find((email) => email.recipient === to)).toMatchObject({ status: "failed", canResend: true });
  });
});
