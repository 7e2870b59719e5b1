import { firstParam, type SearchParams } from "@/lib/search-params";
import { AUDIT_ACTIONS, AUDIT_SUBJECT_TYPES, type AuditAction, type AuditSubjectType } from "./audit-entry";

// The audit log's filter: by action, actor and subject, read from the page's query.

// ---- The log's filter: ?action=&actor=&subject_type=&subject_id= (each optional, combined). ----

export type AuditFilter = {
  action: AuditAction | null;
  actor: string | null;
  subjectType: AuditSubjectType | null;
  subjectId: string | null;
};

export const NO_AUDIT_FILTER: AuditFilter = { action: null, actor: null, subjectType: null, subjectId: null };

const CONTROL_OR_LONE_SURROGATE = /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const SUBJECT_ID = /^[A-Za-z0-9][A-Za-z0-9_.:@+-]{0,99}$/;

const isAction = (value: string): value is AuditAction => Object.hasOwn(AUDIT_ACTIONS, value);
const isSubjectType = (value: string): value is AuditSubjectType => Object.hasOwn(AUDIT_SUBJECT_TYPES, value);

/**
 * Reads the log's filter from the page's query. A value that is not one the log can hold (an
 * unknown action, a control character, a lone surrogate, too long) is not applied and is named in
 * `ignored`, so the page says so instead of failing or silently showing nothing.
 */
export function parseAuditFilter(params: SearchParams): { filter: AuditFilter; ignored: string[] } {
  const ignored: string[] = [];
  const read = <T extends string>(name: string, accept: (value: string) => value is T): T | null => {
    const raw = firstParam(params, name)?.trim();
    if (!raw) return null;
    if (accept(raw)) return raw;
    ignored.push(name);
    return null;
  };
  const actor = (value: string): value is string => value.length <= 320 && !CONTROL_OR_LONE_SURROGATE.test(value);
  const subjectId = (value: string): value is string => SUBJECT_ID.test(value);
  return {
    filter: {
      action: read("action", isAction),
      actor: read("actor", actor),
      subjectType: read("subject_type", isSubjectType),
      subjectId: read("subject_id", subjectId),
    },
    ignored,
  };
}

/** The filter as a URL query, in a fixed order (empty when nothing is filtered). */
export function auditFilterQuery(filter: AuditFilter): string {
  const params = new URLSearchParams();
  if (filter.action) params.set("action", filter.action);
  if (filter.actor) params.set("actor", filter.actor);
  if (filter.subjectType) params.set("subject_type", filter.subjectType);
  if (filter.subjectId) params.set("subject_id", filter.subjectId);
  return params.toString();
}

export const isAuditFiltered = (filter: AuditFilter) => Object.values(filter).some((value) => value !== null);
