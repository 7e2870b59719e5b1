import "server-only";
import { csvHeader, csvLine } from "@/lib/csv";
import { type AuditEntry } from "@/lib/operator/audit-entry";
import { auditSentence } from "@/lib/operator/audit-sentence";
import { NO_AUDIT_FILTER, type AuditFilter } from "@/lib/operator/audit-filter";
import { LIST_PAGE_SIZE, toListPage, type ListCursor, type ListPage } from "@/lib/operator/list-query";
import { keysetSerialAfter } from "@/lib/paging/keyset-cursor";
import { eachAuditEntryBatch, listAuditEntries } from "../db/operator/operator-audit";

/**
 * A page of the audit log, newest first, narrowed by the filter: the entries older than the
 * cursor's entry (its id is the order), and the cursor of the next page if there is one. A cursor
 * naming no entry number reads the first page.
 */
export async function auditLogPage(after: ListCursor | null, filter: AuditFilter = NO_AUDIT_FILTER): Promise<ListPage<AuditEntry>> {
  const rows = await listAuditEntries({ beforeId: keysetSerialAfter(after) ?? undefined, limit: LIST_PAGE_SIZE + 1, filter });
  return toListPage(rows, (entry) => [null, entry.id]);
}

const json = (value: Record<string, unknown> | null) => (value === null ? "" : JSON.stringify(value));

// The raw columns stay as they were (scripts read them); the sentence the log page shows comes last.
export const AUDIT_CSV_COLUMNS = ["id", "when", "actor", "action", "subject_type", "subject_id", "before", "after", "summary"];

export function auditCsvLine(entry: AuditEntry): string {
  return csvLine([
    entry.id,
    entry.createdAt.toISOString(),
    entry.actor,
    entry.action,
    entry.subjectType,
    entry.subjectId,
    json(entry.before),
    json(entry.after),
    auditSentence(entry),
  ]);
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
