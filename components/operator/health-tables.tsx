import { STALE_PENDING_MINUTES, type DisagreeingOrder, type FailedJob, type QueueHealth, type UnsentEmail } from "@/lib/operator/health";
import { formatMoney } from "@/lib/pricing/money";
import { HealthRepairButton } from "./health-repair-button";
import { EmptyState, OperatorTable, Td, Th } from "./operator-table";

// The Health section's tables (issue 28): server-rendered, each row with the repair it needs.

const utc = (date: Date) => date.toISOString().replace("T", " ").slice(0, 19);
const Count = ({ value }: { value: number }) => <Td className={value > 0 ? "text-right font-semibold tabular-nums" : "text-right tabular-nums"}>{value}</Td>;
const ErrorText = ({ text }: { text: string | null }) => <span className="block max-w-md whitespace-pre-wrap break-words font-mono text-xs">{text ?? "—"}</span>;

export function QueueTable({ queues }: { queues: QueueHealth[] }) {
  return (
    <OperatorTable caption="Job queues: jobs waiting, waiting for a retry, running and failed">
      <thead>
        <tr>
          <Th>Queue</Th>
          <Th className="text-right">Waiting</Th>
          <Th className="text-right">Retrying</Th>
          <Th className="text-right">Running</Th>
          <Th className="text-right">Failed</Th>
        </tr>
      </thead>
      <tbody>
        {queues.map((q) => (
          <tr key={q.queue}>
            <Td className="font-mono text-xs">{q.queue}</Td>
            <Count value={q.waiting} />
            <Count value={q.retrying} />
            <Count value={q.running} />
            <Count value={q.failed} />
          </tr>
        ))}
      </tbody>
    </OperatorTable>
  );
}

export function FailedJobTable({ jobs }: { jobs: FailedJob[] }) {
  if (jobs.length === 0) return <EmptyState title="No failed jobs">A job that gives up after its last retry is listed here for a week.</EmptyState>;
  return (
    <OperatorTable caption="Failed jobs, newest first">
      <thead>
        <tr>
          <Th>Failed (UTC)</Th>
          <Th>Queue</Th>
          <Th>About</Th>
          <Th className="text-right">Attempts</Th>
          <Th>Last error</Th>
          <Th>Repair</Th>
        </tr>
      </thead>
      <tbody>
        {jobs.map((job) => (
          <tr key={job.id}>
            <Td className="whitespace-nowrap tabular-nums">{utc(job.failedAt)}</Td>
            <Td className="font-mono text-xs">{job.queue}</Td>
            <Td className="break-all">{job.email ? `${job.email.kind} to ${job.email.recipient}` : (job.about ?? "—")}</Td>
            <Td className="text-right tabular-nums">{job.attempts}</Td>
            <Td>
              <ErrorText text={job.error} />
            </Td>
            <Td>
              <HealthRepairButton repair={{ kind: "retry-job", queue: job.queue, id: job.id }} />
            </Td>
          </tr>
        ))}
      </tbody>
    </OperatorTable>
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

export function UnsentEmailTable({ emails }: { emails: UnsentEmail[] }) {
  if (emails.length === 0) return <EmptyState title="Every email has been sent">An email that is waiting, being retried or given up on is listed here.</EmptyState>;
  return (
    <OperatorTable caption="Emails not sent, newest first">
      <thead>
        <tr>
          <Th>Queued (UTC)</Th>
          <Th>Email</Th>
          <Th>To</Th>
          <Th className="text-right">Attempts</Th>
          <Th>Last error</Th>
          <Th>State</Th>
          <Th>Repair</Th>
        </tr>
      </thead>
      <tbody>
        {emails.map((email) => (
          <tr key={email.id}>
            <Td className="whitespace-nowrap tabular-nums">{utc(email.createdAt)}</Td>
            <Td className="whitespace-nowrap">{email.kind}</Td>
            <Td className="break-all">{email.recipient}</Td>
            <Td className="text-right tabular-nums">{email.attempts}</Td>
            <Td>
              <ErrorText text={email.lastError} />
            </Td>
            <Td className="whitespace-nowrap">{unsentEmailState(email)}</Td>
            <Td>{email.canResend ? <HealthRepairButton repair={{ kind: "resend-email", outboxId: email.id }} /> : "—"}</Td>
          </tr>
        ))}
      </tbody>
    </OperatorTable>
  );
}

const WHY: Record<DisagreeingOrder["problem"], string> = {
  pending_too_long: `Still pending ${STALE_PENDING_MINUTES} minutes after its checkout opened: Stripe has expired it or taken its payment.`,
  subscription_missing: "Paid, but its Stripe subscription is not recorded here.",
};

export function DisagreeingOrderTable({ orders }: { orders: DisagreeingOrder[] }) {
  if (orders.length === 0) return <EmptyState title="No order disagrees with Stripe">An order still pending after its checkout closed, or paid without its subscription recorded, is listed here.</EmptyState>;
  return (
    <OperatorTable caption="Orders whose state disagrees with Stripe, longest-standing first">
      <thead>
        <tr>
          <Th>Order</Th>
          <Th>Buyer</Th>
          <Th>Plan</Th>
          <Th className="text-right">Total</Th>
          <Th>Here</Th>
          <Th>Since (UTC)</Th>
          <Th>Why</Th>
          <Th>Repair</Th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={`${order.problem}:${order.id}`}>
            <Td className="font-mono text-xs">{order.id}</Td>
            <Td className="break-all">{order.email ?? "—"}</Td>
            <Td className="whitespace-nowrap">{order.planName}</Td>
            <Td className="text-right tabular-nums">{formatMoney(order.totalCents, order.currency)}</Td>
            <Td>{order.status}</Td>
            <Td className="whitespace-nowrap tabular-nums">{utc(order.since)}</Td>
            <Td className="min-w-56">{WHY[order.problem]}</Td>
            <Td>
              <HealthRepairButton repair={{ kind: "check-order", orderId: order.id }} />
            </Td>
          </tr>
        ))}
      </tbody>
    </OperatorTable>
  );
}
