import "server-only";
import { csvHeader, csvLine } from "@/lib/csv";
import type { AuditEntry } from "@/lib/operator/audit-entry";
import { eachAuditEntryBatch, listAuditEntries } from "../db/operator-audit";

export const AUDIT_PAGE_SIZE = 50;

/** A page of the audit log, newest first, and the cursor of the next (older) page if there is one. */
export async function auditLogPage(beforeId?: string): Promise<{ entries: AuditEntry[]; olderThan: string | null }> {
  const rows = await listAuditEntries({ beforeId, limit: AUDIT_PAGE_SIZE + 1 });
  const entries = rows.slice(0, AUDIT_PAGE_SIZE);
  return { entries, olderThan: rows.length > AUDIT_PAGE_SIZE ? entries[entries.length - 1]!.id : null };
}

const json = (value: Record<string, unknown> | null) => (value === null ? "" : JSON.stringify(value));

export const AUDIT_CSV_COLUMNS = ["id", "when", "actor", "action", "subject_type", "subject_id", "before", "after"];

export function auditCsvLine(entry: AuditEntry): string {
  return csvLine([entry.id, entry.createdAt.toISOString(), entry.actor, entry.action, entry.subjectType, entry.subjectId, json(entry.before), json(entry.after)]);
}

/** The whole log as CSV, oldest first, written as it is read (a batch at a time, however long the log). */
export function auditCsvStream(): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const batches = eachAuditEntryBatch();
  let headerSent = false;
  return new ReadableStream({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvHeader(AUDIT_CSV_COLUMNS)));
        return;
      }
      const next = await batches.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value.map(auditCsvLine).join("")));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}
