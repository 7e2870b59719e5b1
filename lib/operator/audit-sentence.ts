import { changedFields, type AuditEntry } from "./audit-entry";
import { orderReference } from "./order-details";
import { REFUND_REASON_LABELS } from "./order-schemas";
import { bool, calendarDay, DAY, calendarTime, int, money, plural, quoted, text, words } from "./audit-values";

// An audit entry as a sentence for the log, the order timeline and the CSV's summary.

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
      return entry.before
        ? `${field.name} ${field.show(entry.before[key])} → ${field.show(entry.after?.[key])}`
        : `${field.name} ${field.show(entry.after?.[key])}`;
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
  const what =
    amount !== undefined ? `${money(amount, text(entry.after, "currency"))} of ${orderName(entry.subjectId)}` : orderName(entry.subjectId);
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
  const facts = [
    entries !== undefined ? plural(entries, "commission") : undefined,
    reference ? `reference ${reference}` : undefined,
  ].filter(Boolean);
  const what = amount !== undefined ? `a payout of ${money(amount, text(entry.after, "currency"))}` : "a payout";
  return `recorded ${what} to ${subjectName(entry)}${facts.length ? ` (${facts.join(", ")})` : ""}`;
}

function offerSentence(entry: Sentenced): string {
  const to = text(entry.after, "email");
  const until = text(entry.after, "expires_at");
  const order = text(entry.after, "order_id");
  const facts = [until ? `held until ${calendarTime(until)}` : undefined, order ? `freed by ${orderName(order)}` : undefined].filter(
    Boolean,
  );
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
    case "programme_text.edit":
      return `edited the programme text ${quoted(text(entry.after, "label") ?? entry.subjectId)}`;
    case "programme_text.reset":
      return `put the programme text ${quoted(text(entry.after, "label") ?? entry.subjectId)} back to its default`;
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
