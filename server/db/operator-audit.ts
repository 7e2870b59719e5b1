import "server-only";
import type { TransactionSql } from "postgres";
import type { AuditChange, AuditEntry } from "@/lib/operator/audit-entry";
import { db } from "./client";


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

/** A page of the log, newest first: the entries older than `beforeId` (the first page without it). */
export async function listAuditEntries(options: { beforeId?: string; limit: number; subject?: { type: string; id: string } }): Promise<AuditEntry[]> {
  const sql = db();
  const rows = await sql<AuditRow[]>`
    select id::text, actor, action, subject_type, subject_id, before, after, created_at
    from public.operator_audit_log
    where true
      ${options.beforeId ? sql`and id < ${options.beforeId}` : sql``}
      ${options.subject ? sql`and subject_type = ${options.subject.type} and subject_id = ${options.subject.id}` : sql``}
    order by operator_audit_log.id desc
    limit ${options.limit}`;
  return rows.map(toEntry);
}

/** The whole log, oldest first, read in batches so an export of any length holds one batch at a time. */
export async function* eachAuditEntryBatch(batchSize = 500): AsyncGenerator<AuditEntry[]> {
  let afterId = "0";
  for (;;) {
    const rows = await db()<AuditRow[]>`
      select id::text, actor, action, subject_type, subject_id, before, after, created_at
      from public.operator_audit_log where id > ${afterId}
      order by operator_audit_log.id limit ${batchSize}`;
    if (rows.length === 0) return;
    yield rows.map(toEntry);
    afterId = rows[rows.length - 1]!.id;
  }
}
