import Link from "next/link";
import { HealthRepairButton } from "@/components/operator/health-repair-button";
import { DisagreeingOrderList, FailedJobList, NeedsAttentionList, UnsentEmailList } from "@/components/operator/health-lists";
import { QueueTable } from "@/components/operator/queue-table";
import { jobWorkersBeating, STALE_HEARTBEAT_SECONDS } from "@/lib/health/job-heartbeat";
import { DISAGREEING_ORDERS_SHOWN, NEEDS_ATTENTION_SHOWN } from "@/lib/operator/health";
import { parseHealthCursor } from "@/lib/operator/health-schemas";
import { healthOverview } from "@/server/operator/health-overview";
import { requireOperatorPage } from "@/server/operator/operator-page";

export const metadata = { title: "Health · Operator" };

const linkClass = "text-primary underline-offset-4 hover:underline";

/** ?jobs= and ?emails= page each list by keyset on its own; a link keeps the other list where it is. */
function pageHref(params: { jobs?: string | null; emails?: string | null }): string {
  const query = new URLSearchParams();
  if (params.jobs) query.set("jobs", params.jobs);
  if (params.emails) query.set("emails", params.emails);
  const text = query.toString();
  return text ? `/operator/health?${text}` : "/operator/health";
}

/** How long ago, in words: "12 s", "4 min", "3 h". */
function age(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7_200) return `${Math.floor(seconds / 60)} min`;
  return `${Math.floor(seconds / 3_600)} h`;
}

/** The job engine's heartbeat (GET /api/health/jobs reads the same): whether any worker runs the queues below. */
function JobWorkers({ heartbeatAgeSeconds }: { heartbeatAgeSeconds: number | null }) {
  if (jobWorkersBeating(heartbeatAgeSeconds)) {
    return <p className="text-sm text-muted-foreground">The job workers are running: their last heartbeat was {age(heartbeatAgeSeconds)} ago.</p>;
  }
  return (
    <p role="alert" className="text-sm font-medium text-destructive">
      The job workers are not running: {heartbeatAgeSeconds === null ? "no heartbeat was ever recorded" : `their last heartbeat was ${age(heartbeatAgeSeconds)} ago`} (more than{" "}
      {STALE_HEARTBEAT_SECONDS / 60} minutes). Emails, webhooks and scheduled work wait in their queues until a worker runs.
    </p>
  );
}

function Section({ id, title, children, action }: { id: string; title: string; children: React.ReactNode; action?: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

export default async function OperatorHealthPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireOperatorPage();
  const params = await searchParams;
  const jobsBefore = parseHealthCursor(params.jobs);
  const emailsBefore = parseHealthCursor(params.emails);
  const health = await healthOverview({ jobsBefore, emailsBefore });
  const jobsParam = typeof params.jobs === "string" && jobsBefore ? params.jobs : null;
  const emailsParam = typeof params.emails === "string" && emailsBefore ? params.emails : null;
  return (
    <div className="flex flex-col gap-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight">Health</h1>
        <p className="text-sm text-muted-foreground">
          The job engine&apos;s queues, the jobs that keep failing, the jobs and emails that gave up, and the orders that disagree with Stripe. Every repair is written to the
          audit log.
        </p>
      </div>

      <Section id="queues" title="Job queues">
        <JobWorkers heartbeatAgeSeconds={health.heartbeatAgeSeconds} />
        <QueueTable queues={health.queues} />
      </Section>

      <Section id="needs-attention" title="Jobs that need attention">
        <p className="text-sm text-muted-foreground">
          Jobs that failed three times or more in a row and are still being retried: each retry waits twice as long, and a job gives up after about three days. Fix the cause;
          the next attempt then succeeds by itself.
        </p>
        {health.needsAttentionCount > 0 ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {health.needsAttentionCount === 1 ? "1 job needs attention" : `${health.needsAttentionCount} jobs need attention`}
            {health.needsAttentionCount > health.needsAttention.length ? `: the ${NEEDS_ATTENTION_SHOWN} that failed most are listed.` : "."}
          </p>
        ) : null}
        <NeedsAttentionList jobs={health.needsAttention} />
      </Section>

      <Section id="failed-jobs" title="Failed jobs">
        <p className="text-sm text-muted-foreground">
          Jobs that gave up after their last retry. An email that could not be sent is listed once, under Emails not sent, with Send again.
        </p>
        <FailedJobList jobs={health.failedJobs} />
        {jobsParam || health.olderFailedJobs ? (
          <nav aria-label="Failed job pages" className="flex gap-4 text-sm">
            {jobsParam ? (
              <Link className={linkClass} href={pageHref({ emails: emailsParam })}>
                Newest failed jobs
              </Link>
            ) : null}
            {health.olderFailedJobs ? (
              <Link className={linkClass} href={pageHref({ jobs: health.olderFailedJobs, emails: emailsParam })}>
                Older failed jobs
              </Link>
            ) : null}
          </nav>
        ) : null}
      </Section>

      <Section id="unsent-emails" title="Emails not sent">
        <p className="text-sm text-muted-foreground">
          {health.emailCounts.queued} queued or being retried, {health.emailCounts.failed} given up on.
        </p>
        <UnsentEmailList emails={health.emails} />
        {emailsParam || health.olderEmails ? (
          <nav aria-label="Unsent email pages" className="flex gap-4 text-sm">
            {emailsParam ? (
              <Link className={linkClass} href={pageHref({ jobs: jobsParam })}>
                Newest emails
              </Link>
            ) : null}
            {health.olderEmails ? (
              <Link className={linkClass} href={pageHref({ jobs: jobsParam, emails: health.olderEmails })}>
                Older emails
              </Link>
            ) : null}
          </nav>
        ) : null}
      </Section>

      <Section id="stripe-orders" title="Orders that disagree with Stripe" action={<HealthRepairButton repair={{ kind: "run-reconciliation" }} />}>
        <p className="text-sm text-muted-foreground">
          Orders still pending after their checkout closed, and orders paid in the last week whose subscription is not recorded. The reconciliation also runs by itself every 15
          minutes and finds what only Stripe knows, such as a payment of an order closed here.
        </p>
        {health.moreOrders ? (
          <p role="status" className="text-sm font-medium">
            More orders disagree than are shown: the {DISAGREEING_ORDERS_SHOWN} longest-standing of each kind are listed.
          </p>
        ) : null}
        <DisagreeingOrderList orders={health.orders} />
      </Section>
    </div>
  );
}
