"use client";

import {
  owedWorkLabel,
  STALE_PENDING_MINUTES,
  type DisagreeingOrder,
  type FailedJob,
  type JobNeedingAttention,
  type UnsentEmail,
} from "@/lib/operator/health";
import type { FailedWork } from "@/lib/operator/health-schemas";
import { formatMoney } from "@/lib/pricing/money";
import { DataTable, dataColumns } from "./data-table";
import { HealthRepairButton } from "./health-repair-button";

// The Health section's lists (D17), drawn by the area's one table component: the server reads
// each page in its fixed order (newest or longest-standing first) and each row carries its repair.

const utc = (date: Date) => date.toISOString().replace("T", " ").slice(0, 19);
const errorText = (text: string | null) => (
  <span className="block max-w-md whitespace-pre-wrap break-words font-mono text-xs">{text ?? "—"}</span>
);
const nowrap = { className: "whitespace-nowrap tabular-nums" };
const number = { className: "text-right tabular-nums" };
const mono = { className: "font-mono text-xs" };

const subjectOf = (job: Pick<FailedJob, "email" | "about">) =>
  job.email ? `${job.email.kind} to ${job.email.recipient}` : (job.about ?? "—");

const attentionColumns = dataColumns<JobNeedingAttention>([
  { id: "queue", header: "Queue", accessorKey: "queue", meta: mono },
  { id: "about", header: "About", accessorFn: subjectOf, meta: { className: "break-words" } },
  { id: "failedAttempts", header: "Failed attempts", accessorKey: "failedAttempts", meta: number },
  { id: "error", header: "Last error", cell: ({ row }) => errorText(row.original.error) },
  {
    id: "next",
    header: "Next attempt (UTC)",
    accessorFn: (job) => (job.nextAttemptAt ? utc(job.nextAttemptAt) : "Running now"),
    meta: nowrap,
  },
  { id: "id", header: "Job", accessorKey: "id", meta: mono },
]);

/** Jobs still being retried after failing three times or more in a row: the engine tries them again by itself. */
export function NeedsAttentionList({ jobs }: { jobs: JobNeedingAttention[] }) {
  return (
    <DataTable
      caption="Jobs that need attention, most failed first"
      columns={attentionColumns}
      rows={jobs}
      rowId={(job) => job.id}
      path="/operator/health"
      query={{ q: "", sort: "failedAttempts", dir: "desc" }}
      empty={{
        title: "No job needs attention",
        body: "A job that fails three times in a row is listed here while it is still being retried.",
      }}
    />
  );
}

const failedJobColumns = dataColumns<FailedJob>([
  { id: "failedAt", header: "Failed (UTC)", accessorFn: (job) => utc(job.failedAt), meta: nowrap },
  { id: "queue", header: "Queue", accessorKey: "queue", meta: mono },
  { id: "about", header: "About", accessorFn: subjectOf, meta: { className: "break-words" } },
  { id: "attempts", header: "Attempts", accessorKey: "attempts", meta: number },
  { id: "error", header: "Last error", cell: ({ row }) => errorText(row.original.error) },
  {
    id: "repair",
    header: "Repair",
    cell: ({ row }) => <HealthRepairButton repair={{ kind: "retry-job", queue: row.original.queue, id: row.original.id }} />,
  },
]);

export function FailedJobList({ jobs }: { jobs: FailedJob[] }) {
  return (
    <DataTable
      caption="Failed jobs, newest first"
      columns={failedJobColumns}
      rows={jobs}
      rowId={(job) => job.id}
      path="/operator/health"
      query={{ q: "", sort: "failedAt", dir: "desc" }}
      empty={{ title: "No failed jobs", body: "A job that gives up after its last retry is listed here for a week." }}
    />
  );
}

/** What happens to an email next, in words. */
export function unsentEmailState(email: Pick<UnsentEmail, "status" | "job">): string {
  if (email.job?.state === "created") return "Waiting to be sent";
  if (email.job?.state === "retry") return "Waiting for its next try";
  if (email.job?.state === "active") return "Being sent";
  if (email.status === "failed") return "Given up";
  return "No job is sending it";
}

const unsentEmailColumns = dataColumns<UnsentEmail>([
  { id: "createdAt", header: "Queued (UTC)", accessorFn: (email) => utc(email.createdAt), meta: nowrap },
  { id: "kind", header: "Email", accessorKey: "kind", meta: { className: "whitespace-nowrap" } },
  { id: "recipient", header: "To", accessorKey: "recipient", meta: { className: "break-words" } },
  { id: "attempts", header: "Attempts", accessorKey: "attempts", meta: number },
  { id: "lastError", header: "Last error", cell: ({ row }) => errorText(row.original.lastError) },
  { id: "state", header: "State", accessorFn: unsentEmailState, meta: { className: "whitespace-nowrap" } },
  {
    id: "repair",
    header: "Repair",
    cell: ({ row }) => (row.original.canResend ? <HealthRepairButton repair={{ kind: "resend-email", outboxId: row.original.id }} /> : "—"),
  },
]);

export function UnsentEmailList({ emails }: { emails: UnsentEmail[] }) {
  return (
    <DataTable
      caption="Emails not sent, newest first"
      columns={unsentEmailColumns}
      rows={emails}
      rowId={(email) => email.id}
      path="/operator/health"
      query={{ q: "", sort: "createdAt", dir: "desc" }}
      empty={{ title: "Every email has been sent", body: "An email that is waiting, being retried or given up on is listed here." }}
    />
  );
}

const failedWorkColumns = dataColumns<FailedWork>([
  { id: "createdAt", header: "Created (UTC)", accessorFn: (work) => utc(work.createdAt), meta: nowrap },
  { id: "kind", header: "Kind", accessorFn: owedWorkLabel, meta: { className: "whitespace-nowrap" } },
  { id: "about", header: "About", accessorFn: (work) => work.about ?? "—", meta: { className: "break-words" } },
  { id: "attempts", header: "Attempts", accessorKey: "attempts", meta: number },
  { id: "lastError", header: "Last error", cell: ({ row }) => errorText(row.original.lastError) },
  { id: "finishedAt", header: "Given up (UTC)", accessorFn: (work) => (work.finishedAt ? utc(work.finishedAt) : "—"), meta: nowrap },
  { id: "key", header: "Key", accessorKey: "key", meta: mono },
]);

/** Work of every kind but emails that was given up on, newest first. */
export function FailedWorkList({ work }: { work: FailedWork[] }) {
  return (
    <DataTable
      caption="Work given up on, newest first"
      columns={failedWorkColumns}
      rows={work}
      rowId={(item) => `${item.direction}:${item.channel}:${item.key}`}
      path="/operator/health"
      query={{ q: "", sort: "createdAt", dir: "desc" }}
      empty={{ title: "Nothing given up on", body: "A Telegram message or update that could not be delivered is listed here." }}
    />
  );
}

const WHY: Record<DisagreeingOrder["problem"], string> = {
  pending_too_long: `Still pending ${STALE_PENDING_MINUTES} minutes after its checkout opened: Stripe has expired it or taken its payment.`,
  subscription_missing: "Paid, but its Stripe subscription is not recorded here.",
};

const orderColumns = dataColumns<DisagreeingOrder>([
  { id: "id", header: "Order", accessorKey: "id", meta: mono },
  { id: "email", header: "Buyer", accessorFn: (order) => order.email ?? "—", meta: { className: "break-words" } },
  { id: "plan", header: "Plan", accessorKey: "planName", meta: { className: "whitespace-nowrap" } },
  { id: "total", header: "Total", accessorFn: (order) => formatMoney(order.totalCents, order.currency), meta: number },
  { id: "status", header: "Here", accessorKey: "status" },
  { id: "since", header: "Since (UTC)", accessorFn: (order) => utc(order.since), meta: nowrap },
  { id: "why", header: "Why", accessorFn: (order) => WHY[order.problem], meta: { className: "min-w-56" } },
  { id: "repair", header: "Repair", cell: ({ row }) => <HealthRepairButton repair={{ kind: "check-order", orderId: row.original.id }} /> },
]);

export function DisagreeingOrderList({ orders }: { orders: DisagreeingOrder[] }) {
  return (
    <DataTable
      caption="Orders whose state disagrees with Stripe, longest-standing first"
      columns={orderColumns}
      rows={orders}
      rowId={(order) => `${order.problem}:${order.id}`}
      path="/operator/health"
      query={{ q: "", sort: "since", dir: "asc" }}
      empty={{
        title: "No order disagrees with Stripe",
        body: "An order still pending after its checkout closed, or paid without its subscription recorded, is listed here.",
      }}
    />
  );
}
