import type { Sql } from "postgres";
import { expect } from "vitest";
import { uniqueEmail } from "../../fixtures/auth-client";
import { inboxFor, type InboxMessage } from "../../fixtures/inbox";
import { jobsSettled } from "../../fixtures/jobs";
import { cohortCounts, createCohort, eventually, openCheckout, payAtStripe } from "../../fixtures/payments";

// What must hold after every fault: every paid Stripe session has exactly one paid
// order, one seat, one receipt and one set-up email sent, its checkout.session.completed processed;
// no paid order is expired; every outbox email is sent once mail returns.

export const SETUP_SUBJECT = "Set up your Glucose Challenge account";
const RECEIPT_SUBJECT = /^Payment received: /;

export type PaidCheckout = { sessionId: string; email: string; cohortId: string };

/** Opens a checkout on a cohort of its own and pays it at the Stripe stand-in as a new buyer. */
export async function payNewCheckout(sql: Sql, label: string): Promise<PaidCheckout> {
  const cohortId = await createCohort(sql, { cap: 5 });
  const { sessionId } = await openCheckout(cohortId);
  const email = uniqueEmail(label);
  const paid = await payAtStripe(sessionId, { email });
  expect(paid.outcome).toBe("succeeded");
  return { sessionId, email, cohortId };
}

async function checkPaidCheckout(sql: Sql, checkout: PaidCheckout): Promise<void> {
  const orders = await sql<{ id: string; status: string }[]>`
    select id, status from public.orders where stripe_checkout_session_id = ${checkout.sessionId}`;
  expect(orders.map((o) => o.status)).toEqual(["paid"]);
  const orderId = orders[0]!.id;
  const seats = await sql`select status from public.cohort_seats where order_id = ${orderId}`;
  expect(seats.map((s) => s.status)).toEqual(["enrolled"]);
  expect(await cohortCounts(sql, checkout.cohortId)).toEqual({ prospective: 1, participants: 1, held: 0, enrolled: 1 });
  const outbox = await sql`select kind, status from public.email_outbox where order_id = ${orderId} order by kind`;
  expect(outbox).toEqual([
    { kind: "account-setup", status: "sent" },
    { kind: "payment-confirmation", status: "sent" },
  ]);
  const events = await sql`
    select processed_at from public.stripe_events
    where type = 'checkout.session.completed' and payload -> 'data' -> 'object' ->> 'id' = ${checkout.sessionId}`;
  expect(events).toHaveLength(1);
  expect(events[0]!.processed_at).not.toBeNull();
  const mail = await inboxFor(checkout.email);
  expect(arrivedMessages(mail.filter((m) => RECEIPT_SUBJECT.test(m.subject)))).toHaveLength(1);
  expect(arrivedMessages(mail.filter((m) => m.subject === SETUP_SUBJECT))).toHaveLength(1);
  expect(arrivedMessages(mail)).toHaveLength(2);
}

/**
 * The messages a mailbox shows, by the outbox row each came from. A copy sent again after a cut
 * between the mail server's acceptance and the row's record (the worker dies, the job is retried)
 * carries the row's Message-ID (outbox.ts), so a mailbox shows it once; a second row would not.
 */
function arrivedMessages(mail: InboxMessage[]): string[] {
  return [...new Set(mail.map((m) => /^<?([0-9a-f-]{36})@outbox\./.exec(m.messageId ?? "")?.[1] ?? m.id))].sort();
}

/** Waits (bounded) until the paid checkout's work is done: paid, seated, processed, both emails sent once. */
export async function waitForPaidCheckout(sql: Sql, checkout: PaidCheckout, timeoutMs = 30_000): Promise<void> {
  await eventually(() => checkPaidCheckout(sql, checkout), timeoutMs);
}

/**
 * Waits (bounded) for the paid checkout's work to be done, then, once no job is left to run,
 * checks it was done exactly once.
 */
export async function expectPaidCheckoutKept(sql: Sql, checkout: PaidCheckout, timeoutMs = 30_000): Promise<void> {
  await waitForPaidCheckout(sql, checkout, timeoutMs);
  await jobsSettled(sql, timeoutMs);
  await checkPaidCheckout(sql, checkout);
}

async function checkOutboxDelivered(sql: Sql, recipients: string[]): Promise<void> {
  const rows = await sql<{ id: string; recipient: string; status: string }[]>`
    select id, recipient, status from public.email_outbox where recipient in ${sql(recipients)}`;
  expect(rows.length).toBeGreaterThanOrEqual(recipients.length);
  expect(rows.filter((row) => row.status !== "sent")).toEqual([]);
  for (const recipient of recipients) {
    const sent = rows
      .filter((row) => row.recipient === recipient)
      .map((row) => row.id)
      .sort();
    const arrived = arrivedMessages(await inboxFor(recipient));
    expect({ recipient, arrived }).toEqual({ recipient, arrived: sent });
  }
}

/** Waits (bounded) until every outbox row to these recipients is sent and arrived as one message. */
export async function waitForOutboxDelivered(sql: Sql, recipients: string[], timeoutMs = 30_000): Promise<void> {
  await eventually(() => checkOutboxDelivered(sql, recipients), timeoutMs);
}

/** Every outbox row to these recipients is sent, and each arrived as one message (also after every job ran). */
export async function expectOutboxDelivered(sql: Sql, recipients: string[], timeoutMs = 30_000): Promise<void> {
  await waitForOutboxDelivered(sql, recipients, timeoutMs);
  await jobsSettled(sql, timeoutMs);
  await checkOutboxDelivered(sql, recipients);
}
