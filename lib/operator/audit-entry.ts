/** One operator change: what was done to which subject, its state before and after (null: none). */
export type AuditChange = {
  action: string;
  subjectType: string;
  subjectId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** An entry of the append-only operator audit log: who (`actor`), what, before, after, when. */
export type AuditEntry = AuditChange & { id: string; actor: string; createdAt: Date };

/** The fields whose value differs between before and after, in the order they first appear. */
export function changedFields(entry: Pick<AuditChange, "before" | "after">): string[] {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return keys.filter((key) => JSON.stringify(entry.before?.[key]) !== JSON.stringify(entry.after?.[key]));
}
