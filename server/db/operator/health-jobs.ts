import "server-only";
import type { TransactionSql } from "postgres";
import { keysetTimeAfter, type KeysetCursor } from "@/lib/paging/keyset-cursor";
import { db, JOB_SCHEMA, type Executor } from "../client";
import { keysetAfter, keysetId, keysetOrder, keysetTime, keysetTimeText } from "../keyset";

// Reads of the job engine's own table (pg-boss, schema "pgboss") for the operators' Health page.
// Each reads only through an index, so none grows with the week of finished jobs the engine keeps:
// waiting jobs through pg-boss's fetch index (job_i5), running and failed ones through the Health
// indexes (server/jobs/job-health-indexes.ts). Completed jobs are not counted: no index holds them.
// Ids are read as text; sorting names the table's column, not the text alias.

export type JobStateCount = { queue: string; state: "created" | "retry" | "active" | "failed"; count: number };

/** Jobs waiting (created), waiting to be retried, running and failed, per queue; queues with none are left out. */
export async function countJobsByState(): Promise<JobStateCount[]> {
  const sql = db();
  const job = sql`${sql(JOB_SCHEMA)}.job`;
  return sql<JobStateCount[]>`
    select name as queue, 'created' as state, count(*)::int as count from ${job} where state = 'created' group by name
    union all
    select name, 'retry', count(*)::int from ${job} where state = 'retry' group by name
    union all
    select name, 'active', count(*)::int from ${job} where state = 'active' group by name
    union all
    select name, 'failed', count(*)::int from ${job} where state = 'failed' group by name`;
}

export type FailedJobRow = {
  id: string;
  queue: string;
  failedAt: Date;
  /** failedAt as the next page's cursor carries it (to the microsecond). */
  failedAtExact: string;
  /** How many times it ran (pg-boss counts retries; the first run is one more). */
  attempts: number;
  data: Record<string, unknown> | null;
  /** The last attempt's error message as the engine kept it (never the stack). */
  error: string | null;
};

const ERROR_CHARS = 1000;

const OUTBOX_ID = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";

/**
 * Failed jobs of every queue, newest first: the page after the cursor's job (the first without
 * one, or with one that does not fit). A send-email job whose email is in the outbox is left out:
 * the email's own row (under "Emails not sent", with Send again) stands for it, so one failure is
 * one row with one action.
 */
export async function listFailedJobs(options: { after?: KeysetCursor | null; limit: number }): Promise<FailedJobRow[]> {
  const sql = db();
  const after = keysetTimeAfter(options.after ?? null);
  const column = { failedAt: sql`job.completed_on`, id: sql`job.id` };
  return sql<FailedJobRow[]>`
    select id::text, name as queue, completed_on as "failedAt",
      ${keysetTimeText(sql, column.failedAt)} as "failedAtExact",
      retry_count + 1 as attempts,
      case when jsonb_typeof(data) = 'object' then data end as data,
      left(coalesce(output ->> 'message', output -> 'value' ->> 'message', output ->> 'value'), ${ERROR_CHARS}) as error
    from ${sql(JOB_SCHEMA)}.job
    where state = 'failed'
      and not (name = 'send-email' and exists (
        select 1 from public.email_outbox o
        where o.id = case when job.data ->> 'outboxId' ~* ${OUTBOX_ID} then (job.data ->> 'outboxId')::uuid end))
      ${
        after
          ? sql`and ${keysetAfter(sql, "desc", [
              [column.failedAt, keysetTime(sql, after.at)],
              [column.id, keysetId(sql, after.id)],
            ])}`
          : sql``
      }
    order by ${keysetOrder(sql, "desc", [column.failedAt, column.id])}
    limit ${options.limit}`;
}

export type AttentionJobRow = {
  id: string;
  queue: string;
  state: "retry" | "active";
  /** Attempts that failed in a row: all it ran when waiting for a retry, all but the current one when running. */
  failedAttempts: number;
  data: Record<string, unknown> | null;
  /** The last failed attempt's error message as the engine kept it. */
  error: string | null;
  /** When it is tried again (null while an attempt runs). */
  nextAttemptAt: Date | null;
};

// Three failed attempts in a row (job-alerts.ts): pg-boss adds one to retry_count as it starts each
// attempt after the first, so a job waiting for its retry has failed retry_count + 1 times and a
// running one retry_count times. The waiting ones are read through job_health_attention_i, whose
// predicate is repeated here as a literal (a bound parameter would not match it), the running ones
// through job_health_active_i (server/jobs/job-health-indexes.ts).
const attentionJobs = (sql: Executor) => {
  const job = sql`${sql(JOB_SCHEMA)}.job`;
  return sql`
    select id::text, name as queue, state::text, retry_count + 1 as "failedAttempts", data, output, start_after as "nextAttemptAt"
    from ${job} where state = 'retry' and retry_count >= 2
    union all
    select id::text, name, state::text, retry_count, data, output, null
    from ${job} where state = 'active' and retry_count >= 3`;
};

/** Jobs still being retried after failing three times or more in a row, most failed first. */
export async function listJobsNeedingAttention(limit: number): Promise<AttentionJobRow[]> {
  const sql = db();
  return sql<AttentionJobRow[]>`
    select id, queue, state, "failedAttempts", "nextAttemptAt",
      case when jsonb_typeof(data) = 'object' then data end as data,
      left(coalesce(output ->> 'message', output -> 'value' ->> 'message', output ->> 'value'), ${ERROR_CHARS}) as error
    from (${attentionJobs(sql)}) attention
    order by "failedAttempts" desc, id
    limit ${limit}`;
}

/** How many jobs need attention (read through the same indexes). */
export async function countJobsNeedingAttention(): Promise<number> {
  const sql = db();
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from (${attentionJobs(sql)}) attention`;
  return row?.n ?? 0;
}

export type JobRow = {
  id: string;
  queue: string;
  state: string;
  retryCount: number;
  retryLimit: number;
  data: Record<string, unknown> | null;
};

const jobColumns = (sql: Executor) => sql`
  id::text, name as queue, state::text, retry_count as "retryCount", retry_limit as "retryLimit",
  case when jsonb_typeof(data) = 'object' then data end as data`;

/** One job of a queue, as it is now (its primary key is the queue and the id). */
export async function findJob(executor: Executor, queue: string, id: string): Promise<JobRow | null> {
  const [row] = await executor<JobRow[]>`
    select ${jobColumns(executor)} from ${executor(JOB_SCHEMA)}.job where name = ${queue} and id = ${id}`;
  return row ?? null;
}

/** The job, locked until the transaction ends, so no worker or other operator changes it meanwhile. */
export async function lockJob(tx: TransactionSql, queue: string, id: string): Promise<JobRow | null> {
  const [row] = await tx<JobRow[]>`
    select ${jobColumns(tx)} from ${tx(JOB_SCHEMA)}.job where name = ${queue} and id = ${id} for update`;
  return row ?? null;
}

export type EmailJob = { outboxId: string; id: string; state: "created" | "retry" | "active" | "failed" };

/**
 * The send-email jobs of these outbox rows that are still to run, running, or failed (completed
 * and cancelled ones are left out). Each state is read through its own index, among that state's
 * jobs only.
 */
export async function emailJobs(outboxIds: string[], executor: Executor = db()): Promise<EmailJob[]> {
  if (outboxIds.length === 0) return [];
  const job = executor`${executor(JOB_SCHEMA)}.job`;
  const of = executor`name = 'send-email' and data ->> 'outboxId' = any(${outboxIds}::text[])`;
  return executor<EmailJob[]>`
    select data ->> 'outboxId' as "outboxId", id::text, state::text from ${job} where state < 'active' and ${of}
    union all
    select data ->> 'outboxId', id::text, state::text from ${job} where state = 'active' and ${of}
    union all
    select data ->> 'outboxId', id::text, state::text from ${job} where state = 'failed' and ${of}`;
}
