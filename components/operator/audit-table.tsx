"use client";

import Link from "next/link";
import { changedFields, type AuditEntry } from "@/lib/operator/audit-entry";
import { auditSentence } from "@/lib/operator/audit-sentence";
import { auditFilterQuery, parseAuditFilter } from "@/lib/operator/audit-filter";
import { DataTable, dataColumns } from "./data-table";

const shown = (value: unknown) =>
  value === undefined || value === null || value === "" ? "—" : typeof value === "string" ? value : JSON.stringify(value);
const raw = (value: Record<string, unknown> | null) => (value === null ? "none" : JSON.stringify(value, null, 2));

/** What changed, field by field: "name: Old → New" (a creation lists its fields as set). */
function Change({ entry }: { entry: AuditEntry }) {
  const fields = changedFields(entry);
  if (fields.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1">
      {fields.map((field) => (
        <li key={field}>
          <span className="font-medium">{field}</span>: {entry.before ? `${shown(entry.before[field])} → ` : ""}
          {shown(entry.after?.[field])}
        </li>
      ))}
    </ul>
  );
}

/** The log filtered to the entry's subject, when the filter can name it (every subject the code writes). */
function subjectHref(entry: AuditEntry): string | null {
  const { filter, ignored } = parseAuditFilter({ subject_type: entry.subjectType, subject_id: entry.subjectId });
  return ignored.length === 0 ? `/operator/audit?${auditFilterQuery(filter)}` : null;
}

/**
 * The entry as a sentence, with what was recorded behind "Details": the action's name, the subject,
 * the changed fields and the raw before and after, for whoever needs the record itself.
 */
function Entry({ entry }: { entry: AuditEntry }) {
  return (
    <div className="flex flex-col gap-1">
      <p className="break-words">{auditSentence(entry)}</p>
      <details className="text-xs text-muted-foreground">
        <summary className="w-fit cursor-pointer rounded-sm font-medium text-foreground underline-offset-4 hover:underline">
          Details
        </summary>
        <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
          <dt>Action</dt>
          <dd className="break-all font-mono">{entry.action}</dd>
          <dt>Subject</dt>
          <dd className="break-all">
            <span className="font-mono">
              {entry.subjectType} {entry.subjectId}
            </span>
            {subjectHref(entry) ? (
              <>
                {" · "}
                <Link className="text-primary underline-offset-4 hover:underline" href={subjectHref(entry)!}>
                  All entries about it
                </Link>
              </>
            ) : null}
          </dd>
        </dl>
        <div className="mt-2">
          <Change entry={entry} />
        </div>
        <p className="mt-2 font-medium">Before</p>
        <pre className="max-w-full overflow-x-auto whitespace-pre-wrap break-all rounded bg-muted p-2">{raw(entry.before)}</pre>
        <p className="mt-2 font-medium">After</p>
        <pre className="max-w-full overflow-x-auto whitespace-pre-wrap break-all rounded bg-muted p-2">{raw(entry.after)}</pre>
      </details>
    </div>
  );
}

const columns = dataColumns<AuditEntry>([
  {
    id: "when",
    header: "When (UTC)",
    accessorFn: (entry) => entry.createdAt.toISOString().replace("T", " ").slice(0, 19),
    meta: { className: "whitespace-nowrap tabular-nums" },
  },
  { id: "what", header: "What happened", cell: ({ row }) => <Entry entry={row.original} />, meta: { className: "min-w-0 sm:min-w-80" } },
]);

const NOTHING_YET = { title: "No changes recorded yet", body: "Every change an operator makes is listed here." };

/** Audit log entries in the order given (newest first): when, and what happened as a sentence. */
export function AuditTable({
  entries,
  caption,
  empty = NOTHING_YET,
}: {
  entries: AuditEntry[];
  caption: string;
  empty?: { title: string; body?: string };
}) {
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={entries}
      rowId={(entry) => entry.id}
      path="/operator/audit"
      query={{ q: "", sort: "when", dir: "desc" }}
      empty={empty}
    />
  );
}
