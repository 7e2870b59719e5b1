import "server-only";
import type { TransactionSql } from "postgres";
import type { AuditChange, AuditEntry } from "@/lib/operator/audit-entry";
import type { AuditFilter } from "@/lib/operator/audit-filter";
import { db } from "../client";
import { keysetAfter, keysetOrder } from "../keyset";

/** Who made a change: an operator's account, or the operator command run on the server. */
export type AuditActor = { operatorId: string } | { commandLine: string };

// Ids are bigint, read as text; sorting names the table's column, not the text alias.
type AuditRow = {
  id: string;
  actor: string;
  action: string;
  subject_type: string;
  subject_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: Date;
  subject_label: string | null;
};

const toEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  actor: row.actor,
  action: row.action,
  subjectType: row.subject_type,
  subjectId: row.subject_id,
  before: row.before,
  after: row.after,
  createdAt: row.created_at,
  subjectLabel: row.subject_label,
});

/**
 * Writes the change to the audit log in the change's own transaction. An operator is named by the
 * email their account has now, read in the same statement that checks they still are an operator:
 * false when they are not (the caller then undoes the change).
 */
export async function insertAuditEntry(tx: TransactionSql, actor: AuditActor, change: AuditChange): Promise<boolean> {
  const before = change.before === null ? null : tx.json(change.before as never);
  const after = change.after === null ? null : tx.json(change.after as never);
  const rows =
    "operatorId" in actor
      ? await tx`
          insert into public.operator_audit_log (actor_id, actor, action, subject_type, subject_id, before, after)
          select u.id, u.email, ${change.action}, ${change.subjectType}, ${change.subjectId}, ${before}, ${after}
          from public.users u where u.id = ${actor.operatorId} and u.user_type = 'operator'
          returning id`
      : await tx`
          insert into public.operator_audit_log (actor_id, actor, action, subject_type, subject_id, before, after)
          values (null, ${actor.commandLine}, ${change.action}, ${change.subjectType}, ${change.subjectId}, ${before}, ${after})
          returning id`;
  return rows.length === 1;
}

/**
 * The entry's columns and what its subject is called now: a user's or affiliate's email, a cohort's
 * name (each a primary-key look-up; a subject id that is not a uuid names nothing).
 */
function entryColumns(sql: ReturnType<typeof db>) {
  return sql`
    l.id::text, l.actor, l.action, l.subject_type, l.subject_id, l.before, l.after, l.created_at,
    case
      when l.subject_id !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then null
      when l.subject_type in ('user', 'affiliate') then (select u.email from public.users u where u.id = l.subject_id::uuid)
      when l.subject_type = 'cohort' then (select c.cohort_name from public.cohorts c where c.id = l.subject_id::uuid)
    end as subject_label`;
}

/**
 * A page of the log, newest first: the entries older than `beforeId` (the first page without it),
 * narrowed by the filter's action, actor (the email or command, any case) and subject.
 */
export async function listAuditEntries(options: {
  beforeId?: string;
  limit: number;
  subject?: { type: string; id: string };
  filter?: AuditFilter;
}): Promise<AuditEntry[]> {
  const sql = db();
  const filter = options.filter;
  const rows = await sql<AuditRow[]>`
    select ${entryColumns(sql)}
    from public.operator_audit_log l
    where true
      ${options.beforeId ? sql`and ${keysetAfter(sql, "desc", [[sql`l.id`, sql`${options.beforeId}`]])}` : sql``}
      ${options.subject ? sql`and l.subject_type = ${options.subject.type} and l.subject_id = ${options.subject.id}` : sql``}
      ${filter?.action ? sql`and l.action = ${filter.action}` : sql``}
      ${filter?.actor ? sql`and lower(l.actor) = lower(${filter.actor})` : sql``}
      ${filter?.subjectType ? sql`and l.subject_type = ${filter.subjectType}` : sql``}
      ${filter?.subjectId ? sql`and l.subject_id = ${filter.subjectId}` : sql``}
    order by ${keysetOrder(sql, "desc", [sql`l.id`])}
    limit ${options.limit}`;
  return rows.map(toEntry);
}

/**
 * The entries an order's timeline shows, newest first: the changes made to the order (through the
 * subject index), and the waitlist offers its freed seat made (through the index of the offers by
 * the order they name), each read newest first and at most `limit`.
 */
export async function listOrderAuditEntries(orderId: string, limit: number): Promise<AuditEntry[]> {
  const sql = db();
  const rows = await sql<AuditRow[]>`
    select * from (
      (select ${entryColumns(sql)}
        from public.operator_audit_log l
        where l.subject_type = 'order' and l.subject_id = ${orderId}
        order by l.id desc limit ${limit})
      union all
      (select ${entryColumns(sql)}
        from public.operator_audit_log l
        where l.action = 'waitlist.offer' and l.after ->> 'order_id' = ${orderId}
        order by l.id desc limit ${limit})
    ) entries
    order by id::bigint desc
    limit ${limit}`;
  return rows.map(toEntry);
}

/** The whole log, oldest first, read in batches so an export of any length holds one batch at a time. */
export async function* eachAuditEntryBatch(batchSize = 500): AsyncGenerator<AuditEntry[]> {
  let afterId = "0";
  for (;;) {
    const sql = db();
    const rows = await sql<AuditRow[]>`
      select ${entryColumns(sql)}
      from public.operator_audit_log l where ${keysetAfter(sql, "asc", [[sql`l.id`, sql`${afterId}`]])}
      order by ${keysetOrder(sql, "asc", [sql`l.id`])} limit ${batchSize}`;
    if (rows.length === 0) return;
    yield rows.map(toEntry);
    afterId = rows[rows.length - 1]!.id;
  }
}
