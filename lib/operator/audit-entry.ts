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
  "programme_text.edit": { subject: "programme_text", label: "Edit a programme text" },
  "programme_text.reset": { subject: "programme_text", label: "Put a programme text back to its default" },
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
  programme_text: "Programme text",
} as const satisfies Record<string, string>;

export type AuditSubjectType = keyof typeof AUDIT_SUBJECT_TYPES;

/** The system's own changes (a waitlist offer a webhook's refund made) name this actor. */
export const SYSTEM_ACTOR = "system";
