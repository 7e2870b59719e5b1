import Link from "next/link";
import { AUDIT_ACTIONS, AUDIT_SUBJECT_TYPES, type AuditAction, type AuditSubjectType } from "@/lib/operator/audit-entry";
import { isAuditFiltered, type AuditFilter } from "@/lib/operator/audit-filter";

// The audit log's filter: one GET form (the result is a URL an operator can share), plain markup
// with no client code. Each field narrows the log; together they all apply.

const field = "h-9 max-w-full rounded-md border bg-background px-2 text-sm";

const FILTER_NAMES: Record<string, string> = { action: "action", actor: "who", subject_type: "subject type", subject_id: "subject id" };

export function AuditFilterForm({ filter, ignored }: { filter: AuditFilter; ignored: string[] }) {
  const actions = Object.entries(AUDIT_ACTIONS) as [AuditAction, (typeof AUDIT_ACTIONS)[AuditAction]][];
  const subjectTypes = Object.entries(AUDIT_SUBJECT_TYPES) as [AuditSubjectType, string][];
  return (
    <div className="flex flex-col gap-2">
      <form role="search" aria-label="Filter the audit log" method="get" className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Action
          <select name="action" defaultValue={filter.action ?? ""} className={field}>
            <option value="">Any action</option>
            {actions.map(([action, { label }]) => (
              <option key={action} value={action}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Who (operator email)
          <input
            type="text"
            name="actor"
            inputMode="email"
            autoComplete="off"
            defaultValue={filter.actor ?? ""}
            maxLength={320}
            className={`${field} w-64`}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Subject type
          <select name="subject_type" defaultValue={filter.subjectType ?? ""} className={field}>
            <option value="">Any subject</option>
            {subjectTypes.map(([type, label]) => (
              <option key={type} value={type}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Subject id
          <input
            type="text"
            name="subject_id"
            autoComplete="off"
            defaultValue={filter.subjectId ?? ""}
            maxLength={100}
            className={`${field} w-72 font-mono`}
          />
        </label>
        <button type="submit" className="h-9 rounded-md border bg-background px-3 text-sm font-medium hover:bg-muted">
          Show entries
        </button>
      </form>
      {isAuditFiltered(filter) || ignored.length > 0 ? (
        <p className="text-sm">
          <Link className="text-primary underline-offset-4 hover:underline" href="/operator/audit">
            Clear the filter
          </Link>
        </p>
      ) : null}
      {ignored.length > 0 ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          Not applied, as the log holds no such value: {ignored.map((name) => FILTER_NAMES[name] ?? name).join(", ")}.
        </p>
      ) : null}
    </div>
  );
}
