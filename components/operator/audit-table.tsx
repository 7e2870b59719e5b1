"use client";

import { changedFields, type AuditEntry } from "@/lib/operator/audit-entry";
import { DataTable, dataColumns } from "./data-table";
const shown = (value: unknown) => (value === undefined || value === null || value === "" ? "—" : typeof value === "string" ? value : JSON.stringify(value));

/** What changed, field by field: "name: Old → New" (a creation lists its fields as set). */
function Change({ entry }: { entry: AuditEntry }) {
  const fields = changedFields(entry);
  if (fields.length === 0) return <span>—</span>;
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

const columns = dataColumns<AuditEntry>([
  { id: "when", header: "When (UTC)", accessorFn: (entry) => entry.createdAt.toISOString().replace("T", " ").slice(0, 19), meta: { className: "whitespace-nowrap tabular-nums" } },
  { id: "actor", header: "Who", accessorKey: "actor", meta: { className: "break-words" } },
  { id: "action", header: "What", accessorKey: "action", meta: { className: "whitespace-nowrap" } },
  { id: "subject", header: "Subject", accessorFn: (entry) => `${entry.subjectType} ${entry.subjectId}`, meta: { className: "break-words" } },
  { id: "change", header: "Change", cell: ({ row }) => <Change entry={row.original} />, meta: { className: "min-w-64" } },
]);

/** Audit log entries in the order given (newest first): when, who, what, and the change. */
export function AuditTable({ entries, caption }: { entries: AuditEntry[]; caption: string }) {
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={entries}
      rowId={(entry) => entry.id}
      path="/operator/audit"
      query={{ q: "", sort: "when", dir: "desc" }}
      empty={{ title: "No changes recorded yet", body: "Every change an operator makes is listed here." }}
    />
  );
}
