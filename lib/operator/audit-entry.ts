import type { SearchParams } from "@/lib/search-params";
import { firstParam } from "@/lib/search-params";
import { formatMoney } from "@/lib/pricing/money";
import { orderReference } from "./order-details";
import { REFUND_REASON_LABELS } from "./order-schemas";

/** One operator change: what was done to which subject, its state before and after (null: none). */
export type AuditChange = {
  action: string;
  subjectType: string;
  subjectId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/**
 * An entry of the append-only operator audit log: who (`actor`), what, before, after, when.
 * `subjectLabel` is what the subject is called now (a user's or affiliate's email, a cohort's
 * name), read with the entry; absent when the subject has no name or no longer exists.
 */
export type AuditEntry = AuditChange & { id: string; actor: string; createdAt: Date; subjectLabel?: string | null };

/** The fields whose value differs between before and after, in the order they first appear. */
export function changedFields(entry: Pick<AuditChange, "before" | "after">): string[] {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return keys.filter((key) => JSON.stringify(entry.before?.[key]) !== JSON.stringify(entry.after?.[key]));
}

// Every action the code writes to the log, with the kind of subject it names. The filter offers
// these, and each has its own sentence below; an action missing here still reads as a sentence.
export const AUDIT_ACTIONS = {
  "order.refund": { subject: "order", label: "Refund an order" },
  "order.move_cohort": { subject: "order", label: "Move a seat to another cohort" },
  "order.resend_receipt": { subject: "order", label: "Send a receipt again" },
  "order.resend_setup_link": { subject: "order", label: "Send a new set-up link" },
  "order.stripe_check": { subject: "order", label: "Check an order with Stripe" },
  "stripe.reconcile": { subject: "job", label: "Check all orders with Stripe" },
  "job.retry": { subject: "job", label: "Retry a job" },
  "email.resend": { subject: "email", label: "Send an email again" },
  "operator.grant": { subject: "user", label: "Grant the operator role" },
  "operator.revoke": { subject: "user", label: "Revoke the operator role" },
  "cohort.create": { subject: "cohort", label: "Create a cohort" },
  "cohort.edit": { subject: "cohort", label: "Edit a cohort" },
  "cohort.close": { subject: "cohort", label: "Close a cohort" },
  "cohort.reopen": { subject: "cohort", label: "Reopen a cohort" },
  "cohort.announce": { subject: "cohort", label: "Send a cohort announcement" },
  "cohort.duplicate": { subject: "cohort", label: "Duplicate a cohort" },
  "cohort.publish": { subject: "cohort", label: "Publish a draft cohort" },
  "waitlist.offer": { subject: "cohort", label: "Offer a place to the waitlist" },
  "waitlist.remove": { subject: "waitlist_entry", label: "Remove someone from a waitlist" },
  "affiliate.payout": { subject: "affiliate", label: "Pay an affiliate" },
  "affiliate.hold": { subject: "affiliate", label: "Hold an affiliate's payouts" },
  "affiliate.release": { subject: "affiliate", label: "Release an affiliate's payouts" },
  "story.approve": { subject: "story", label: "Approve a story" },
  "story.reject": { subject: "story", label: "Reject a story" },
  "story.reach_out": { subject: "story", label: "Mark a story request reached out to" },
  "story.record": { subject: "story", label: "Mark a story request recorded" },
  "story.outreach_clear": { subject: "story", label: "Take back a story request's mark" },
  "partner_pledge.handle": { subject: "partner_pledge", label: "Mark a partner pledge handled" },
  "partner_pledge.unhandle": { subject: "partner_pledge", label: "Mark a partner pledge not handled" },
  "contact_message.handle": { subject: "contact_message", label: "Mark a contact message handled" },
  "contact_message.unhandle": { subject: "contact_message", label: "Mark a contact message not handled" },
} as const satisfies Record<string, { subject: string; label: string }>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_SUBJECT_TYPES = {
  order: "Order",
  cohort: "Cohort",
  user: "User",
  affiliate: "Affiliate",
  job: "Job",
  email: "Email",
  story: "Story",
  partner_pledge: "Partner pledge",
  contact_message: "Contact message",
  waitlist_entry: "Waitlist entry",
} as const satisfies Record<string, string>;

export type AuditSubjectType = keyof typeof AUDIT_SUBJECT_TYPES;

/** The system's own changes (a waitlist offer a webhook's refund made) name this actor. */
export const SYSTEM_ACTOR = "system";

// ---- Reading before/after: they are JSON the code wrote at the time, so nothing is assumed. ----

type State = Record<string, unknown> | null;

const text = (state: State, key: string): string | undefined => {
  const value = state?.[key];
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
};
const int = (state: State, key: string): number | undefined => {
  const value = state?.[key];
  return typeof value === "number" && Number.isSafeInteger(value) ? value : undefined;
};
const bool = (state: State, key: string): boolean | undefined => {
  const value = state?.[key];
  return typeof value === "boolean" ? value : undefined;
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const timeFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" });

/** A calendar day as people write it: "2027-01-05" → "Jan 5, 2027"; anything else unchanged. */
export function calendarDay(value: string): string {
  const match = DAY.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? value : dayFormat.format(date);
}

/** A moment as a calendar date and UTC time: "Jan 6, 2027, 14:00 UTC"; anything unreadable unchanged. */
function calendarTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : `${timeFormat.format(date)} UTC`;
}

const money = (cents: number, currency: string | undefined) => formatMoney(cents, currency ?? "usd");
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const words = (value: string) => value.replace(/[_-]+/g, " ");
const quoted = (value: string) => `“${value.length > 80 ? `${value.slice(0, 79)}…` : value}”`;

type Sentenced = Pick<AuditEntry, "actor" | "action" | "subjectType" | "subjectId" | "before" | "after" | "subjectLabel">;

function orderName(id: string): string {
  return `order ${orderReference(id)}`;
}

/** The subject as a reader knows it: an order by its reference, a cohort or person by name when known. */
function subjectName(entry: Sentenced): string {
  const label = entry.subjectLabel?.trim() || undefined;
  switch (entry.subjectType) {
    case "order":
      return orderName(entry.subjectId);
    case "cohort":
      return `cohort ${text(entry.after, "cohort_name") ?? label ?? text(entry.before, "cohort_name") ?? entry.subjectId}`;
    case "user":
      return label ?? `user ${entry.subjectId}`;
    case "affiliate":
      return `affiliate ${label ?? entry.subjectId}`;
    default:
      return `${words(entry.subjectType)} ${label ?? entry.subjectId}`;
  }
}

// What cohort.edit names each field it lists, and how it shows its value.
const COHORT_FIELDS: Record<string, { name: string; show: (value: unknown) => string }> = {
  cohort_name: { name: "name", show: (v) => (typeof v === "string" ? quoted(v) : "none") },
  cohort_description: { name: "description", show: (v) => (typeof v === "string" && v ? quoted(v) : "none") },
  language: { name: "language", show: (v) => (typeof v === "string" && v ? v : "none") },
  start_cohort_date: { name: "start", show: (v) => (typeof v === "string" ? calendarDay(v) : "none") },
  end_cohort_date: { name: "end", show: (v) => (typeof v === "string" ? calendarDay(v) : "none") },
  end_postcohort_date: { name: "follow-up end", show: (v) => (typeof v === "string" ? calendarDay(v) : "none") },
  duration_days: { name: "length", show: (v) => (typeof v === "number" ? plural(v, "day") : "none") },
  participant_cap: { name: "capacity", show: (v) => (typeof v === "number" ? String(v) : "none") },
  closed: { name: "closed", show: (v) => (v === true ? "yes" : "no") },
  published: { name: "published", show: (v) => (v === true ? "yes" : "no") },
};

function fieldValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "none";
  if (typeof value === "string") return DAY.test(value) ? calendarDay(value) : quoted(value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return "a new value";
}

/** "capacity 12 → 14, start Jan 5, 2027 → Jan 12, 2027" for the fields that changed. */
function changesText(entry: Sentenced, fields: Record<string, { name: string; show: (value: unknown) => string }> = {}): string {
  return changedFields(entry)
    .map((key) => {
      const field = fields[key] ?? { name: words(key), show: fieldValue };
      return entry.before ? `${field.name} ${field.show(entry.before[key])} → ${field.show(entry.after?.[key])}` : `${field.name} ${field.show(entry.after?.[key])}`;
    })
    .join(", ");
}

function refundSentence(entry: Sentenced): string {
  const amount = int(entry.after, "amount_cents");
  const refundable = int(entry.before, "refundable_cents");
  const reason = text(entry.after, "reason");
  const note = text(entry.after, "note");
  const facts = [
    amount !== undefined && refundable !== undefined ? (amount === refundable ? "full refund" : "partial refund") : undefined,
    reason ? (REFUND_REASON_LABELS[reason as keyof typeof REFUND_REASON_LABELS] ?? words(reason)).toLowerCase() : undefined,
    note ? quoted(note) : undefined,
  ].filter(Boolean);
  const what = amount !== undefined ? `${money(amount, text(entry.after, "currency"))} of ${orderName(entry.subjectId)}` : orderName(entry.subjectId);
  return `refunded ${what}${facts.length ? ` (${facts.join(", ")})` : ""}`;
}

function cohortCreateSentence(entry: Sentenced): string {
  const cap = int(entry.after, "participant_cap");
  const start = text(entry.after, "start_cohort_date");
  const facts = [
    bool(entry.after, "published") === false ? "a draft" : undefined,
    cap !== undefined ? `capacity ${cap}` : undefined,
    start ? `starts ${calendarDay(start)}` : undefined,
  ].filter(Boolean);
  return `created ${subjectName(entry)}${facts.length ? ` (${facts.join(", ")})` : ""}`;
}

function payoutSentence(entry: Sentenced): string {
  const amount = int(entry.after, "amount_cents");
  const entries = int(entry.after, "entries");
  const reference = text(entry.after, "reference");
  const facts = [entries !== undefined ? plural(entries, "commission") : undefined, reference ? `reference ${reference}` : undefined].filter(Boolean);
  const what = amount !== undefined ? `a payout of ${money(amount, text(entry.after, "currency"))}` : "a payout";
  return `recorded ${what} to ${subjectName(entry)}${facts.length ? ` (${facts.join(", ")})` : ""}`;
}

function offerSentence(entry: Sentenced): string {
  const to = text(entry.after, "email");
  const until = text(entry.after, "expires_at");
  const order = text(entry.after, "order_id");
  const facts = [until ? `held until ${calendarTime(until)}` : undefined, order ? `freed by ${orderName(order)}` : undefined].filter(Boolean);
  return `offered a place in ${subjectName(entry)} to ${to ?? "the next person waiting"}${facts.length ? ` (${facts.join(", ")})` : ""}`;
}

function handledSentence(entry: Sentenced, handled: boolean): string {
  return `marked ${subjectName(entry)} ${handled ? "handled" : "not handled"}`;
}

/** The part after the actor for each known action; undefined leaves the generic sentence. */
function actionSentence(entry: Sentenced): string | undefined {
  const subject = subjectName(entry);
  switch (entry.action) {
    case "order.refund":
      return refundSentence(entry);
    case "order.move_cohort": {
      const from = text(entry.before, "cohort_name");
      const to = text(entry.after, "cohort_name");
      return `moved the seat of ${subject}${from ? ` from cohort ${from}` : ""}${to ? ` to cohort ${to}` : " to another cohort"}`;
    }
    case "order.resend_receipt": {
      const to = text(entry.after, "to");
      return `sent the receipt of ${subject} again${to ? ` to ${to}` : ""}`;
    }
    case "order.resend_setup_link": {
      const to = text(entry.after, "to");
      return `sent a new account set-up link for ${subject}${to ? ` to ${to}` : ""}`;
    }
    case "order.stripe_check":
      return `asked Stripe to check ${subject}`;
    case "stripe.reconcile":
      return "asked Stripe to check every order";
    case "job.retry": {
      const queue = text(entry.after, "queue") ?? text(entry.before, "queue");
      return `retried job ${entry.subjectId}${queue ? ` (${words(queue)})` : ""}`;
    }
    case "email.resend": {
      const kind = text(entry.after, "kind") ?? text(entry.before, "kind");
      return `queued ${kind ? `the ${words(kind)} email` : "an email"} ${entry.subjectId} again`;
    }
    case "operator.grant":
      return `granted operator to ${subject}`;
    case "operator.revoke":
      return `revoked operator from ${subject}`;
    case "cohort.create":
      return cohortCreateSentence(entry);
    case "cohort.edit": {
      const changes = changesText(entry, COHORT_FIELDS);
      return `edited ${subject}${changes ? `: ${changes}` : ""}`;
    }
    case "cohort.duplicate": {
      const original = text(entry.after, "copied_from_name");
      return `${cohortCreateSentence(entry)}${original ? ` as a copy of ${quoted(original)}` : " as a copy"}`;
    }
    case "cohort.publish":
      return `published ${subject}: it is for sale`;
    case "cohort.close":
      return `closed ${subject} to new buyers`;
    case "cohort.reopen":
      return `reopened ${subject} to buyers`;
    case "cohort.announce": {
      const title = text(entry.after, "subject");
      const recipients = int(entry.after, "recipients");
      return `sent ${title ? `the announcement ${quoted(title)}` : "an announcement"} to ${recipients !== undefined ? `${plural(recipients, "participant")} of ` : "the participants of "}${subject}`;
    }
    case "waitlist.offer":
      return offerSentence(entry);
    case "waitlist.remove": {
      const email = text(entry.before, "email");
      const position = int(entry.before, "position");
      const reason = text(entry.after, "reason");
      return `removed ${email ?? `waitlist entry ${entry.subjectId}`} from the waitlist${position !== undefined ? ` (position ${position})` : ""}${reason ? `: ${quoted(reason)}` : ""}`;
    }
    case "affiliate.payout":
      return payoutSentence(entry);
    case "affiliate.hold": {
      const reason = text(entry.after, "reason");
      return `held payouts for ${subject}${reason ? `: ${quoted(reason)}` : ""}`;
    }
    case "affiliate.release":
      return `released payouts for ${subject}`;
    case "story.approve":
      return `approved story ${entry.subjectId}`;
    case "story.reject": {
      const reason = text(entry.after, "rejection_reason");
      return `rejected story ${entry.subjectId}${reason ? `: ${quoted(reason)}` : ""}`;
    }
    case "story.reach_out":
      return `marked story ${entry.subjectId} as reached out to`;
    case "story.record":
      return `marked story ${entry.subjectId} as recorded`;
    case "story.outreach_clear":
      return `took back the outreach mark on story ${entry.subjectId}`;
    case "partner_pledge.handle":
    case "contact_message.handle":
      return handledSentence(entry, true);
    case "partner_pledge.unhandle":
    case "contact_message.unhandle":
      return handledSentence(entry, false);
    default:
      return undefined;
  }
}

/** An action the sentences do not know, still readable: "ran “widget.polish” on widget 7 (colour “red” → “blue”)". */
function genericSentence(entry: Sentenced): string {
  const changes = changesText(entry);
  return `ran “${entry.action}” on ${subjectName(entry)}${changes ? ` (${changes})` : ""}`;
}

/** The entry as one sentence, its actor first: "ada@x.com refunded $106.92 of order 1A2B3C4D (full refund)". */
export function auditSentence(entry: Sentenced): string {
  const actor = entry.actor.trim() || "Someone";
  return `${actor} ${actionSentence(entry) ?? genericSentence(entry)}`;
}

// ---- The log's filter: ?action=&actor=&subject_type=&subject_id= (each optional, combined). ----

export type AuditFilter = { action: AuditAction | null; actor: string | null; subjectType: AuditSubjectType | null; subjectId: string | null };

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
