import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS, type AuditEntry } from "@/lib/operator/audit-entry";
import { auditSentence } from "@/lib/operator/audit-sentence";
import { calendarDay } from "@/lib/operator/audit-values";
import { auditFilterQuery, parseAuditFilter } from "@/lib/operator/audit-filter";

// The operator's history reads as sentences: each action the code writes to the audit log has its
// own, money as money and days as calendar dates, and anything else still reads as words.

const ORDER = "1a2b3c4d-0000-4000-8000-000000000001";
const COHORT = "c0c0c0c0-0000-4000-8000-000000000002";
const USER = "e5e5e5e5-0000-4000-8000-000000000003";

const entry = (change: Partial<AuditEntry> & Pick<AuditEntry, "action" | "subjectType">): AuditEntry => ({
  id: "1",
  actor: "ada@x.com",
  subjectId: ORDER,
  before: null,
  after: null,
  createdAt: new Date("2026-11-28T10:00:00Z"),
  ...change,
});

// One sentence per action the code writes (server/operator, server/referrals, server/db/waitlist/waitlist-offers).
const CASES: Record<keyof typeof AUDIT_ACTIONS, { entry: AuditEntry; sentence: string }> = {
  "order.refund": {
    entry: entry({
      action: "order.refund",
      subjectType: "order",
      before: { status: "paid", refunded_cents: 0, refundable_cents: 10692 },
      after: { refund_id: "r1", amount_cents: 10692, currency: "usd", reason: "requested_by_customer", note: null },
    }),
    sentence: "ada@x.com refunded $106.92 of order 1A2B3C4D (full refund, requested by the buyer)",
  },
  "order.move_cohort": {
    entry: entry({
      action: "order.move_cohort",
      subjectType: "order",
      before: { cohort_id: "a", cohort_name: "Winter Calm" },
      after: { cohort_id: "b", cohort_name: "Spring Steady" },
    }),
    sentence: "ada@x.com moved the seat of order 1A2B3C4D from cohort Winter Calm to cohort Spring Steady",
  },
  "order.resend_receipt": {
    entry: entry({ action: "order.resend_receipt", subjectType: "order", after: { to: "buyer@x.com" } }),
    sentence: "ada@x.com sent the receipt of order 1A2B3C4D again to buyer@x.com",
  },
  "order.resend_setup_link": {
    entry: entry({ action: "order.resend_setup_link", subjectType: "order", before: { link: 1 }, after: { link: 2, to: "buyer@x.com" } }),
    sentence: "ada@x.com sent a new account set-up link for order 1A2B3C4D to buyer@x.com",
  },
  "order.stripe_check": {
    entry: entry({
      action: "order.stripe_check",
      subjectType: "order",
      before: { status: "paid" },
      after: { status: "paid", check_job: "j1" },
    }),
    sentence: "ada@x.com asked Stripe to check order 1A2B3C4D",
  },
  "stripe.reconcile": {
    entry: entry({ action: "stripe.reconcile", subjectType: "job", subjectId: "j9", after: { queue: "stripe-reconciliation" } }),
    sentence: "ada@x.com asked Stripe to check every order",
  },
  "job.retry": {
    entry: entry({
      action: "job.retry",
      subjectType: "job",
      subjectId: "job-77",
      before: { queue: "send-email", state: "failed" },
      after: { queue: "send-email", state: "retry" },
    }),
    sentence: "ada@x.com retried job job-77 (send email)",
  },
  "email.resend": {
    entry: entry({
      action: "email.resend",
      subjectType: "email",
      subjectId: "m1",
      before: { kind: "payment-confirmation", status: "failed" },
      after: { kind: "payment-confirmation", status: "queued" },
    }),
    sentence: "ada@x.com queued the payment confirmation email m1 again",
  },
  "operator.grant": {
    entry: entry({
      action: "operator.grant",
      actor: "npm run operator",
      subjectType: "user",
      subjectId: USER,
      subjectLabel: "bob@x.com",
      before: { user_type: "client" },
      after: { user_type: "operator" },
    }),
    sentence: "npm run operator granted operator to bob@x.com",
  },
  "operator.revoke": {
    entry: entry({ action: "operator.revoke", actor: "npm run operator", subjectType: "user", subjectId: USER, subjectLabel: "bob@x.com" }),
    sentence: "npm run operator revoked operator from bob@x.com",
  },
  "cohort.create": {
    entry: entry({
      action: "cohort.create",
      subjectType: "cohort",
      subjectId: COHORT,
      after: { cohort_name: "Spring Steady", participant_cap: 12, start_cohort_date: "2027-01-05", closed: false },
    }),
    sentence: "ada@x.com created cohort Spring Steady (capacity 12, starts Jan 5, 2027)",
  },
  "cohort.edit": {
    entry: entry({
      action: "cohort.edit",
      subjectType: "cohort",
      subjectId: COHORT,
      before: { cohort_name: "Spring Steady", participant_cap: 12, start_cohort_date: "2027-01-05", closed: false },
      after: { cohort_name: "Spring Steady", participant_cap: 14, start_cohort_date: "2027-01-12", closed: false },
    }),
    sentence: "ada@x.com edited cohort Spring Steady: capacity 12 → 14, start Jan 5, 2027 → Jan 12, 2027",
  },
  "cohort.close": {
    entry: entry({
      action: "cohort.close",
      subjectType: "cohort",
      subjectId: COHORT,
      before: { cohort_name: "Spring Steady", closed: false },
      after: { cohort_name: "Spring Steady", closed: true },
    }),
    sentence: "ada@x.com closed cohort Spring Steady to new buyers",
  },
  "cohort.reopen": {
    entry: entry({
      action: "cohort.reopen",
      subjectType: "cohort",
      subjectId: COHORT,
      after: { cohort_name: "Spring Steady", closed: false },
    }),
    sentence: "ada@x.com reopened cohort Spring Steady to buyers",
  },
  "cohort.duplicate": {
    entry: entry({
      action: "cohort.duplicate",
      subjectType: "cohort",
      subjectId: COHORT,
      after: {
        cohort_name: "Spring Steady (copy)",
        participant_cap: 12,
        start_cohort_date: "2027-01-05",
        published: false,
        copied_from_name: "Spring Steady",
      },
    }),
    sentence: "ada@x.com created cohort Spring Steady (copy) (a draft, capacity 12, starts Jan 5, 2027) as a copy of “Spring Steady”",
  },
  "cohort.publish": {
    entry: entry({
      action: "cohort.publish",
      subjectType: "cohort",
      subjectId: COHORT,
      before: { cohort_name: "Spring Steady", published: false },
      after: { cohort_name: "Spring Steady", published: true },
    }),
    sentence: "ada@x.com published cohort Spring Steady: it is for sale",
  },
  "cohort.announce": {
    entry: entry({
      action: "cohort.announce",
      subjectType: "cohort",
      subjectId: COHORT,
      after: { announcement_id: "a1", cohort_name: "Spring Steady", subject: "Week 2 starts", recipients: 12 },
    }),
    sentence: "ada@x.com sent the announcement “Week 2 starts” to 12 participants of cohort Spring Steady",
  },
  "waitlist.offer": {
    entry: entry({
      action: "waitlist.offer",
      actor: "system",
      subjectType: "cohort",
      subjectId: COHORT,
      after: { entry_id: "w1", email: "wait@x.com", cohort_name: "Spring Steady", expires_at: "2026-11-29T10:00:00.000Z", order_id: ORDER },
    }),
    sentence: "system offered a place in cohort Spring Steady to wait@x.com (held until Nov 29, 2026, 10:00 UTC, freed by order 1A2B3C4D)",
  },
  "waitlist.remove": {
    entry: entry({
      action: "waitlist.remove",
      subjectType: "waitlist_entry",
      subjectId: "we1",
      before: { state: "waiting", email: "wait@x.com", cohort_id: COHORT, position: 3 },
      after: { state: "removed", reason: "Asked to be taken off" },
    }),
    sentence: "ada@x.com removed wait@x.com from the waitlist (position 3): “Asked to be taken off”",
  },
  "affiliate.payout": {
    entry: entry({
      action: "affiliate.payout",
      subjectType: "affiliate",
      subjectId: USER,
      subjectLabel: "aff@x.com",
      after: { amount_cents: 4500, currency: "usd", entries: 3, reference: "WIRE-9" },
    }),
    sentence: "ada@x.com recorded a payout of $45.00 to affiliate aff@x.com (3 commissions, reference WIRE-9)",
  },
  "affiliate.hold": {
    entry: entry({
      action: "affiliate.hold",
      subjectType: "affiliate",
      subjectId: USER,
      subjectLabel: "aff@x.com",
      before: { held: false, reason: null },
      after: { held: true, reason: "Self-referrals" },
    }),
    sentence: "ada@x.com held payouts for affiliate aff@x.com: “Self-referrals”",
  },
  "affiliate.release": {
    entry: entry({
      action: "affiliate.release",
      subjectType: "affiliate",
      subjectId: USER,
      subjectLabel: "aff@x.com",
      before: { held: true },
      after: { held: false },
    }),
    sentence: "ada@x.com released payouts for affiliate aff@x.com",
  },
  "story.approve": {
    entry: entry({
      action: "story.approve",
      subjectType: "story",
      subjectId: "s42",
      before: { status: "pending" },
      after: { status: "approved" },
    }),
    sentence: "ada@x.com approved story s42",
  },
  "story.reject": {
    entry: entry({
      action: "story.reject",
      subjectType: "story",
      subjectId: "s42",
      after: { status: "rejected", rejection_reason: "Names a person" },
    }),
    sentence: "ada@x.com rejected story s42: “Names a person”",
  },
  "story.reach_out": {
    entry: entry({
      action: "story.reach_out",
      subjectType: "story",
      subjectId: "s42",
      before: { outreach: null },
      after: { outreach: "reached_out" },
    }),
    sentence: "ada@x.com marked story s42 as reached out to",
  },
  "story.record": {
    entry: entry({ action: "story.record", subjectType: "story", subjectId: "s42", after: { outreach: "recorded" } }),
    sentence: "ada@x.com marked story s42 as recorded",
  },
  "story.outreach_clear": {
    entry: entry({
      action: "story.outreach_clear",
      subjectType: "story",
      subjectId: "s42",
      before: { outreach: "recorded" },
      after: { outreach: null },
    }),
    sentence: "ada@x.com took back the outreach mark on story s42",
  },
  "partner_pledge.handle": {
    entry: entry({ action: "partner_pledge.handle", subjectType: "partner_pledge", subjectId: "p1" }),
    sentence: "ada@x.com marked partner pledge p1 handled",
  },
  "partner_pledge.unhandle": {
    entry: entry({ action: "partner_pledge.unhandle", subjectType: "partner_pledge", subjectId: "p1" }),
    sentence: "ada@x.com marked partner pledge p1 not handled",
  },
  "contact_message.handle": {
    entry: entry({ action: "contact_message.handle", subjectType: "contact_message", subjectId: "m7" }),
    sentence: "ada@x.com marked contact message m7 handled",
  },
  "contact_message.unhandle": {
    entry: entry({ action: "contact_message.unhandle", subjectType: "contact_message", subjectId: "m7" }),
    sentence: "ada@x.com marked contact message m7 not handled",
  },
  "programme_text.edit": {
    entry: entry({
      action: "programme_text.edit",
      subjectType: "programme_text",
      subjectId: "morning",
      before: { label: "Every morning", body: "Old", edited: false },
      after: { label: "Every morning", body: "New", edited: true },
    }),
    sentence: "ada@x.com edited the programme text “Every morning”",
  },
  "programme_text.reset": {
    entry: entry({
      action: "programme_text.reset",
      subjectType: "programme_text",
      subjectId: "day-3",
      before: { label: "Day 3's plan", body: "Edited", edited: true },
      after: { label: "Day 3's plan", body: "Default", edited: false },
    }),
    sentence: "ada@x.com put the programme text “Day 3's plan” back to its default",
  },
};

const NAMESPACES = [
  "order",
  "cohort",
  "story",
  "affiliate",
  "operator",
  "job",
  "email",
  "stripe",
  "waitlist",
  "partner_pledge",
  "contact_message",
  "user",
  "programme_text",
];

/**
 * Every action literal the server code writes: `action: "x.y"` (and ternaries of literals), and any
 * "<subject>.<verb>" literal in a file that writes audit entries (actions kept in a lookup table).
 */
function actionsWrittenInCode(): string[] {
  const root = path.resolve(import.meta.dirname, "../../..");
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const item of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, item.name);
      if (item.isDirectory()) walk(full);
      else if (item.name.endsWith(".ts")) {
        const source = readFileSync(full, "utf8");
        for (const match of source.matchAll(/action:\s*([^,}\n]+)/g)) {
          for (const literal of match[1]!.matchAll(/"([a-z_]+\.[a-z_]+)"/g)) found.add(literal[1]!);
        }
        if (/operatorChange|insertAuditEntry/.test(source)) {
          for (const literal of source.matchAll(/"([a-z_]+)\.([a-z_]+)"/g))
            if (NAMESPACES.includes(literal[1]!)) found.add(`${literal[1]}.${literal[2]}`);
        }
      }
    }
  };
  walk(path.join(root, "server"));
  return [...found].sort();
}

describe("an audit entry as a sentence", () => {
  it.each(Object.entries(CASES))("%s", (_, { entry: change, sentence }) => {
    expect(auditSentence(change)).toBe(sentence);
  });

  it("covers every action the server code writes, and each has a sentence of its own", () => {
    const written = actionsWrittenInCode();
    expect(written.length).toBeGreaterThan(15);
    for (const action of written) expect(Object.keys(AUDIT_ACTIONS)).toContain(action);
    // The campaign inbox builds its actions from the subject: handle and unhandle of each.
    for (const action of ["partner_pledge.handle", "partner_pledge.unhandle", "contact_message.handle", "contact_message.unhandle"]) {
      expect(Object.keys(AUDIT_ACTIONS)).toContain(action);
    }
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(AUDIT_ACTIONS).sort());
    for (const { entry: change } of Object.values(CASES)) expect(auditSentence(change)).not.toContain("ran “");
  });

  it("says a partial refund is partial, and shows another currency as that currency", () => {
    const partial = entry({
      action: "order.refund",
      subjectType: "order",
      before: { refundable_cents: 10692 },
      after: { amount_cents: 5000, currency: "eur", reason: "duplicate" },
    });
    expect(auditSentence(partial)).toBe("ada@x.com refunded €50.00 of order 1A2B3C4D (partial refund, duplicate payment)");
  });

  it("leaves out what an entry did not record, never printing a dash, undefined or JSON", () => {
    const bare = [
      entry({ action: "order.refund", subjectType: "order" }),
      entry({ action: "order.move_cohort", subjectType: "order" }),
      entry({ action: "cohort.create", subjectType: "cohort", subjectId: COHORT }),
      entry({ action: "affiliate.payout", subjectType: "affiliate", subjectId: USER }),
      entry({ action: "waitlist.offer", subjectType: "cohort", subjectId: COHORT, after: { amount_cents: "12" } }),
      entry({ action: "operator.grant", subjectType: "user", subjectId: USER }),
    ].map(auditSentence);
    expect(bare).toEqual([
      "ada@x.com refunded order 1A2B3C4D",
      "ada@x.com moved the seat of order 1A2B3C4D to another cohort",
      `ada@x.com created cohort ${COHORT}`,
      `ada@x.com recorded a payout to affiliate ${USER}`,
      `ada@x.com offered a place in cohort ${COHORT} to the next person waiting`,
      `ada@x.com granted operator to user ${USER}`,
    ]);
    for (const sentence of bare) expect(sentence).not.toMatch(/undefined|null|—|[{}[\]]/);
  });

  it("reads an unknown action as a generic sentence with its changes in words, never raw JSON", () => {
    const unknown = entry({
      action: "widget.polish",
      subjectType: "widget",
      subjectId: "w7",
      before: { colour: "red", size: 2, tags: ["a"] },
      after: { colour: "blue", size: 3, tags: ["b"] },
    });
    expect(auditSentence(unknown)).toBe(
      "ada@x.com ran “widget.polish” on widget w7 (colour “red” → “blue”, size 2 → 3, tags a new value → a new value)",
    );
    expect(auditSentence({ ...unknown, before: null, after: null, actor: " " })).toBe("Someone ran “widget.polish” on widget w7");
    expect(auditSentence({ ...unknown, before: null, after: { starts: "2027-03-01" } })).toBe(
      "ada@x.com ran “widget.polish” on widget w7 (starts Mar 1, 2027)",
    );
  });

  it("writes days as calendar dates and leaves other text alone", () => {
    expect(calendarDay("2027-01-05")).toBe("Jan 5, 2027");
    expect(calendarDay("2027-12-31")).toBe("Dec 31, 2027");
    expect(calendarDay("soon")).toBe("soon");
  });
});

describe("the audit log's filter from the URL", () => {
  it("keeps the known action, the actor and the subject, in a query of their own", () => {
    const { filter, ignored } = parseAuditFilter({
      action: "order.refund",
      actor: " Ada@X.com ",
      subject_type: "order",
      subject_id: ORDER,
      after: "x",
    });
    expect(filter).toEqual({ action: "order.refund", actor: "Ada@X.com", subjectType: "order", subjectId: ORDER });
    expect(ignored).toEqual([]);
    expect(auditFilterQuery(filter)).toBe(`action=order.refund&actor=Ada%40X.com&subject_type=order&subject_id=${ORDER}`);
  });

  it("does not apply what the log cannot hold, and names it", () => {
    const { filter, ignored } = parseAuditFilter({
      action: "order.delete",
      actor: "a\u0000b",
      subject_type: "planet",
      subject_id: "x\ud800",
    });
    expect(filter).toEqual({ action: null, actor: null, subjectType: null, subjectId: null });
    expect(ignored).toEqual(["action", "actor", "subject_type", "subject_id"]);
    expect(parseAuditFilter({ actor: "lone \udc00 surrogate" }).ignored).toEqual(["actor"]);
    expect(parseAuditFilter({ actor: "x".repeat(321) }).ignored).toEqual(["actor"]);
    expect(parseAuditFilter({ action: "toString" }).ignored).toEqual(["action"]);
    expect(parseAuditFilter({ actor: "emoji 😀@x.com" }).filter.actor).toBe("emoji 😀@x.com");
    expect(parseAuditFilter({ action: ["job.retry", "order.refund"] }).filter.action).toBe("job.retry");
    expect(parseAuditFilter({ action: "" })).toEqual({
      filter: { action: null, actor: null, subjectType: null, subjectId: null },
      ignored: [],
    });
  });
});
