import "server-only";
import { auditSentence } from "@/lib/operator/audit-sentence";
import { formatMoney } from "@/lib/pricing/money";
import type { OrderDetails, TimelineEntry } from "@/lib/operator/order-details";
import { REFUND_REASON_LABELS } from "@/lib/operator/order-schemas";
import { listOrderAuditEntries } from "../db/operator/operator-audit";
import { TIMELINE_SOURCE_LIMIT, orderOutboxRows, orderSeatRows, orderStripeEventRows } from "../db/operator/operator-order-timeline";

// D17, Orders: an order's timeline, merged from what the database recorded about it: the
// checkout and payment, its seats, the emails queued and sent, refunds, disputes, the Stripe events
// about it, the operators' changes and the waitlist offers its freed seat made. Each source gives its newest TIMELINE_SOURCE_LIMIT entries.

export const EMAIL_KIND_LABELS: Record<string, string> = {
  "payment-confirmation": "receipt",
  "account-setup": "account set-up link",
  "replaced-checkout-refund": "refund of a replaced checkout",
  "cohort-moved": "cohort change",
};

const iso = (date: Date) => date.toISOString();
const attemptsText = (n: number) => (n === 1 ? "1 attempt" : `${n} attempts`);

function emailEntries(rows: Awaited<ReturnType<typeof orderOutboxRows>>): TimelineEntry[] {
  return rows.flatMap((row) => {
    const what = EMAIL_KIND_LABELS[row.kind] ?? row.kind;
    const entries: TimelineEntry[] = [
      { at: iso(row.created_at), kind: "email", title: `Email queued: ${what}`, detail: `to ${row.recipient}` },
    ];
    const lastAttempt = iso(row.last_attempt_at ?? row.created_at);
    if (row.sent_at) entries.push({ at: iso(row.sent_at), kind: "email", title: `Email sent: ${what}`, detail: `to ${row.recipient}` });
    else if (row.status === "failed") {
      // A mail server's refusal for good fails the email at its first attempt (outbox.ts): the
      // operator reads the reason here and can send it again from the Health page.
      entries.push({
        at: lastAttempt,
        kind: "email",
        title: `Email failed: ${what}`,
        detail: `to ${row.recipient}, after ${attemptsText(row.attempts)}: ${row.last_error ?? "no reason recorded"}`,
      });
    } else if (row.last_error) {
      entries.push({
        at: lastAttempt,
        kind: "email",
        title: `Email waiting to be retried: ${what}`,
        detail: `${attemptsText(row.attempts)} so far: ${row.last_error}`,
      });
    }
    return entries;
  });
}

function seatEntries(rows: Awaited<ReturnType<typeof orderSeatRows>>): TimelineEntry[] {
  return rows.flatMap((row) => {
    const entries: TimelineEntry[] = [{ at: iso(row.created_at), kind: "seat", title: `Seat taken in ${row.cohort_name}`, detail: null }];
    if (row.enrolled_at && row.enrolled_at.getTime() !== row.created_at.getTime()) {
      entries.push({ at: iso(row.enrolled_at), kind: "seat", title: `Seat paid for in ${row.cohort_name}`, detail: null });
    }
    if (row.released_at)
      entries.push({ at: iso(row.released_at), kind: "seat", title: `Seat given back in ${row.cohort_name}`, detail: null });
    return entries;
  });
}

function stripeEventEntries(rows: Awaited<ReturnType<typeof orderStripeEventRows>>, currency: string): TimelineEntry[] {
  return rows.map((row) => {
    const kind = row.type === "charge.refunded" ? "refund" : row.type.startsWith("charge.dispute") ? "dispute" : "stripe";
    const facts = [
      row.object_status ? `status ${row.object_status}` : null,
      row.type === "charge.refunded" && row.amount_refunded !== null
        ? `${formatMoney(row.amount_refunded, currency)} refunded in all`
        : null,
      row.type.startsWith("charge.dispute") && row.amount !== null ? `${formatMoney(row.amount, currency)} disputed` : null,
      row.processed_at
        ? "processed"
        : row.last_error
          ? `not processed yet (${row.attempts} attempts): ${row.last_error}`
          : "not processed yet",
    ];
    return { at: iso(row.received_at), kind, title: `Stripe event ${row.type}`, detail: `${row.id}: ${facts.filter(Boolean).join(", ")}` };
  });
}

function refundEntries(order: OrderDetails): TimelineEntry[] {
  return order.refunds.flatMap((refund) => {
    const amount = formatMoney(refund.amountCents, order.currency);
    const reason = REFUND_REASON_LABELS[refund.reason];
    const entries: TimelineEntry[] = [
      {
        at: refund.createdAt,
        kind: "refund",
        title: `Refund of ${amount} asked for`,
        detail: refund.note ? `${reason}: ${refund.note}` : reason,
      },
    ];
    if (refund.completedAt && refund.status === "succeeded") {
      entries.push({ at: refund.completedAt, kind: "refund", title: `Refund of ${amount} made at Stripe`, detail: refund.stripeRefundId });
    } else if (refund.completedAt) {
      entries.push({ at: refund.completedAt, kind: "refund", title: `Refund of ${amount} failed`, detail: refund.failure });
    }
    return entries;
  });
}

function orderEntries(order: OrderDetails): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    {
      at: order.createdAt,
      kind: "checkout",
      title: "Checkout opened",
      detail: [
        `${order.planName}${order.hasCgm ? " with CGM" : ""}`,
        formatMoney(order.totalCents, order.currency),
        order.stripe.checkoutSessionId,
      ]
        .filter(Boolean)
        .join(" · "),
    },
  ];
  if (order.paidAt)
    entries.push({
      at: order.paidAt,
      kind: "payment",
      title: `Paid ${formatMoney(order.totalCents, order.currency)}`,
      detail: order.stripe.invoiceId,
    });
  if (order.replacedAt)
    entries.push({ at: order.replacedAt, kind: "checkout", title: "Replaced by a newer checkout of the buyer", detail: null });
  return entries;
}

/** The order's timeline, oldest first. */
export async function orderTimeline(order: OrderDetails): Promise<TimelineEntry[]> {
  const [emails, seats, events, audit] = await Promise.all([
    orderOutboxRows(order.id),
    orderSeatRows(order.id),
    orderStripeEventRows(order.stripe),
    listOrderAuditEntries(order.id, TIMELINE_SOURCE_LIMIT),
  ]);
  // The audit log's own sentence: the same words on the log page and here. A waitlist offer is
  // here because this order's seat, freed, made it.
  const operatorEntries: TimelineEntry[] = audit.map((entry) => ({
    at: iso(entry.createdAt),
    kind: entry.action === "waitlist.offer" ? "waitlist" : "operator",
    title: auditSentence(entry),
    detail: null,
  }));
  return [
    ...orderEntries(order),
    ...seatEntries(seats),
    ...emailEntries(emails),
    ...refundEntries(order),
    ...stripeEventEntries(events, order.currency),
    ...operatorEntries,
  ].sort((a, b) => a.at.localeCompare(b.at));
}
