import { changedFields, type AuditEntry } from "@/lib/operator/audit-entry";
import { EmptyState, OperatorTable, Td, Th } from "./operator-table";

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

/** The audit log's entries, newest first: when, who, what, and the change. */
export function AuditTable({ entries, caption }: { entries: AuditEntry[]; caption: string }) {
  if (entries.length === 0) return <EmptyState title="No changes recorded yet">Every change an operator makes is listed here.</EmptyState>;
  return (
    <OperatorTable caption={caption}>
      <thead>
        <tr>
          <Th>When (UTC)</Th>
          <Th>Who</Th>
          <Th>What</Th>
          <Th>Subject</Th>
          <Th>Change</Th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <Td className="whitespace-nowrap tabular-nums">{entry.createdAt.toISOString().replace("T", " ").slice(0, 19)}</Td>
            <Td className="break-all">{entry.actor}</Td>
            <Td className="whitespace-nowrap">{entry.action}</Td>
            <Td className="break-all">
              {entry.subjectType} {entry.subjectId}
            </Td>
            <Td className="min-w-64">
              <Change entry={entry} />
            </Td>
          </tr>
        ))}
      </tbody>
    </OperatorTable>
  );
}
