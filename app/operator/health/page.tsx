import Link from "next/link";
import { HealthRepairButton } from "@/components/operator/health-repair-button";
import {
  DisagreeingOrderList,
  FailedJobList,
  FailedWorkList,
  NeedsAttentionList,
  UnsentEmailList,
} from "@/components/operator/health-lists";
import { OwedWorkTable } from "@/components/operator/owed-work-table";
import { QueueTable } from "@/components/operator/queue-table";
import { jobWorkersBeating, STALE_HEARTBEAT_SECONDS } from "@/lib/health/job-heartbeat";
import { ageInWords as age, DISAGREEING_ORDERS_SHOWN, FAILED_WORK_SHOWN, NEEDS_ATTENTION_SHOWN } from "@/lib/operator/health";
import { decodeKeysetCursor, encodeKeysetCursor, keysetTimeAfter, type KeysetCursor } from "@/lib/paging/keyset-cursor";
import { firstParam, type SearchParams } from "@/lib/search-params";
import { healthOverview } from "@/server/operator/health-overview";
import { requireOperatorPage } from "@/server/operator/operator-page";

export const metadata = { title: "Health · Operator" };

const linkClass = "text-primary underline-offset-4 hover:underline";

/** A `?jobs=` / `?emails=` cursor: the last row shown, by its time and id; anything else is the first page. */
function timeCursor(params: SearchParams, name: string): KeysetCursor | null {
  const cursor = decodeKeysetCursor(firstParam(params, name));
  return keysetTimeAfter(cursor) ? cursor : null;
}

/** ?jobs= and ?emails= page each list by keyset on its own; a link keeps the other list where it is. */
function pageHref(cursors: { jobs?: KeysetCursor | null; emails?: KeysetCursor | null }): string {
  const query = new URLSearchParams();
  if (cursors.jobs) query.set("jobs", encodeKeysetCursor(cursors.jobs));
  if (cursors.emails) query.set("emails", encodeKeysetCursor(cursors.emails));
  const text = query.toString();
  return text ? `/operator/health?${text}` : "/operator/health";
}

/** The job engine's heartbeat (GET /api/health/jobs reads the same): whether any worker runs the queues below. */
function JobWorkers({ heartbeatAgeSeconds }: { heartbeatAgeSeconds: number | null }) {
  if (jobWorkersBeating(heartbeatAgeSeconds)) {
    return (
      <p className="text-sm text-muted-foreground">The job workers are running: their last heartbeat was {age(heartbeatAgeSeconds)} ago.</p>
    );
  }
  return (
    <p role="alert" className="text-sm font-medium text-destructive">
      The job workers are not running:{" "}
      {heartbeatAgeSeconds === null ? "no heartbeat was ever recorded" : `their last heartbeat was ${age(heartbeatAgeSeconds)} ago`} (more
      than {STALE_HEARTBEAT_SECONDS / 60} minutes). Emails, webhooks and scheduled work wait in their queues until a worker runs.
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

export default async function OperatorHealthPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireOperatorPage();
  const params = await searchParams;
  const jobsAfter = timeCursor(params, "jobs");
  const emailsAfter = timeCursor(params, "emails");
  const health = await healthOverview({ jobsAfter, emailsAfter });
  return (
    <div className="flex flex-col gap-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight">Health</h1>
        <p className="text-sm text-muted-foreground">
          The job engine&apos;s queues, the jobs that keep failing, the jobs and emails that gave up, and the orders that disagree with
          Stripe. Every repair is written to the audit log.
        </p>
      </div>

      <Section id="queues" title="Job queues">
        <JobWorkers heartbeatAgeSeconds={health.heartbeatAgeSeconds} />
        <QueueTable queues={health.queues} />
      </Section>

      <Section id="needs-attention" title="Jobs that need attention">
        <p className="text-sm text-muted-foreground">
          Jobs that failed three times or more in a row and are still being retried: each retry waits twice as long, and a job gives up
          after about three days. Fix the cause; the next attempt then succeeds by itself.
        </p>
        {health.needsAttentionCount > 0 ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {health.needsAttentionCount === 1 ? "1 job needs attention" : `${health.needsAttentionCount} jobs need attention`}
            {health.needsAttentionCount > health.needsAttention.length
              ? `: the ${NEEDS_ATTENTION_SHOWN} that failed most are listed.`
              : "."}
          </p>
        ) : null}
        <NeedsAttentionList jobs={health.needsAttention} />
      </Section>

      <Section id="failed-jobs" title="Failed jobs">
        <p className="text-sm text-muted-foreground">
          Jobs that gave up after their last retry. An email that could not be sent is listed once, under Emails not sent, with Send again.
        </p>
        <FailedJobList jobs={health.failedJobs} />
        {jobsAfter || health.olderFailedJobs ? (
          <nav aria-label="Failed job pages" className="flex gap-4 text-sm">
            {jobsAfter ? (
              <Link className={linkClass} href={pageHref({ emails: emailsAfter })}>
                Newest failed jobs
              </Link>
            ) : null}
            {health.olderFailedJobs ? (
              <Link className={linkClass} href={pageHref({ jobs: health.olderFailedJobs, emails: emailsAfter })}>
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
        {emailsAfter || health.olderEmails ? (
          <nav aria-label="Unsent email pages" className="flex gap-4 text-sm">
            {emailsAfter ? (
              <Link className={linkClass} href={pageHref({ jobs: jobsAfter })}>
                Newest emails
              </Link>
            ) : null}
            {health.olderEmails ? (
              <Link className={linkClass} href={pageHref({ jobs: jobsAfter, emails: health.olderEmails })}>
                Older emails
              </Link>
            ) : null}
          </nav>
        ) : null}
      </Section>

      <Section id="owed-work" title="Work we owe">
        <p className="text-sm text-muted-foreground">
          Emails and Telegram messages to send, Stripe events and Telegram updates to process. Queued work is tried again by itself; if its
          job gave up, it is under Failed jobs, with Retry.
        </p>
        <OwedWorkTable kinds={health.owedWork.kinds} />
        <h3 className="text-base font-semibold">Given up on</h3>
        <p className="text-sm text-muted-foreground">
          Work the other side refused for good, newest first. Emails given up on are under Emails not sent, with Send again.
        </p>
        {health.owedWork.moreFailed ? (
          <p role="status" className="text-sm font-medium">
            More work was given up on than is shown: the {FAILED_WORK_SHOWN} newest are listed.
          </p>
        ) : null}
        <FailedWorkList work={health.owedWork.failed} />
      </Section>

      <Section
        id="stripe-orders"
        title="Orders that disagree with Stripe"
        action={<HealthRepairButton repair={{ kind: "run-reconciliation" }} />}
      >
        <p className="text-sm text-muted-foreground">
          Orders still pending after their checkout closed, and orders paid in the last week whose subscription is not recorded. The
          reconciliation also runs by itself every 15 minutes and finds what only Stripe knows, such as a payment of an order closed here.
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
