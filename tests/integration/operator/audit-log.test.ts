import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { auditSentence } from "@/lib/operator/audit-sentence";
import { parseAuditFilter } from "@/lib/operator/audit-filter";
import { LIST_PAGE_SIZE } from "@/lib/operator/list-query";
import { auditLogPage } from "@/server/operator/audit-log";
import { suiteSql } from "../../fixtures/db";
import { signedInOperator } from "../../fixtures/operators";
import { createCohort } from "../../fixtures/payments";

// The audit log filtered by action, actor and subject, from the page's query: each narrows the log,
// together they all apply, the pager keeps them, and a value the log cannot hold is not applied
// (never a failed page).

const sql = suiteSql();
const operator = await signedInOperator("audit-filter-op");

/** Entries written as the code writes them (actor by email), with a label unique to the test. */
async function insertEntries(
  rows: { actor: string; action: string; subjectType: string; subjectId: string; after?: Record<string, unknown> }[],
) {
  for (const row of rows) {
    await sql`
      insert into public.operator_audit_log (actor, action, subject_type, subject_id, before, after)
      values (${row.actor}, ${row.action}, ${row.subjectType}, ${row.subjectId}, null, ${row.after ? sql.json(row.after as never) : null})`;
  }
}

const page = (query: Record<string, string>) => {
  const { filter, ignored } = parseAuditFilter(query);
  return auditLogPage(null, filter).then((result) => ({ ...result, ignored }));
};

describe("filtering the audit log", () => {
  const run = randomUUID().slice(0, 8);
  const ada = `ada-${run}@example.com`;
  const bob = `bob-${run}@example.com`;
  const orderId = randomUUID();
  const jobId = `job-${run}`;

  it("narrows by action, by actor (any case), by subject, and by all of them at once", async () => {
    await insertEntries([
      { actor: ada, action: "order.refund", subjectType: "order", subjectId: orderId, after: { amount_cents: 1250, currency: "usd" } },
      { actor: ada, action: "job.retry", subjectType: "job", subjectId: jobId, after: { queue: "send-email" } },
      { actor: bob, action: "order.refund", subjectType: "order", subjectId: orderId, after: { amount_cents: 300, currency: "usd" } },
      { actor: bob, action: "order.stripe_check", subjectType: "order", subjectId: orderId },
    ]);

    const byActor = await page({ actor: ada.toUpperCase() });
    expect(byActor.rows.map((entry) => entry.action)).toEqual(["job.retry", "order.refund"]);

    const bySubject = await page({ subject_type: "order", subject_id: orderId });
    expect(bySubject.rows.map((entry) => [entry.actor, entry.action])).toEqual([
      [bob, "order.stripe_check"],
      [bob, "order.refund"],
      [ada, "order.refund"],
    ]);

    const all = await page({ action: "order.refund", actor: bob, subject_type: "order", subject_id: orderId });
    expect(all.rows.map(auditSentence)).toEqual([`${bob} refunded $3.00 of order ${orderId.slice(0, 8).toUpperCase()}`]);

    const byAction = await page({ action: "job.retry", subject_id: jobId });
    expect(byAction.rows.map(auditSentence)).toEqual([`${ada} retried job ${jobId} (send email)`]);

    // Nothing matches: an empty page, not an error.
    expect((await page({ action: "story.approve", actor: ada })).rows).toEqual([]);
  });

  it("keeps the filter across pages: the next page holds only matching entries, older than the last shown", async () => {
    const many = `many-${run}@example.com`;
    await sql`
      insert into public.operator_audit_log (actor, action, subject_type, subject_id)
      select ${many}, case when n % 2 = 0 then 'job.retry' else 'order.stripe_check' end, 'job', 'paged-' || n
      from generate_series(1, ${2 * LIST_PAGE_SIZE + 10}) n`;
    const { filter } = parseAuditFilter({ actor: many, action: "job.retry" });
    const first = await auditLogPage(null, filter);
    expect(first.rows).toHaveLength(LIST_PAGE_SIZE);
    expect(first.next).not.toBeNull();
    const second = await auditLogPage(first.next, filter);
    expect(second.rows).toHaveLength(5);
    expect(second.next).toBeNull();
    const seen = [...first.rows, ...second.rows];
    expect(seen.every((entry) => entry.actor === many && entry.action === "job.retry")).toBe(true);
    expect(new Set(seen.map((entry) => entry.id)).size).toBe(LIST_PAGE_SIZE + 5);
    const ids = seen.map((entry) => Number(entry.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it("does not apply a NUL byte, a lone surrogate, an unknown action or subject type, and still answers", async () => {
    const bad = await page({ action: "order.explode", actor: "ada\u0000@example.com", subject_type: "planet", subject_id: "x\ud800y" });
    expect(bad.ignored).toEqual(["action", "actor", "subject_type", "subject_id"]);
    expect(bad.rows.length).toBeGreaterThan(0);
    const lone = await page({ actor: "\udfff" });
    expect(lone.ignored).toEqual(["actor"]);
    // The valid part of a mixed query still applies.
    const mixed = await page({ action: "job.retry", actor: `${ada}\u0000` });
    expect(mixed.ignored).toEqual(["actor"]);
    expect(mixed.rows.every((entry) => entry.action === "job.retry")).toBe(true);
  });

  it("names a user or an affiliate by their email and a cohort by its name", async () => {
    const cohortId = await createCohort(sql);
    await insertEntries([
      { actor: "npm run operator", action: "operator.grant", subjectType: "user", subjectId: operator.userId },
      { actor: ada, action: "cohort.close", subjectType: "cohort", subjectId: cohortId },
    ]);
    const [grant] = (await page({ action: "operator.grant", subject_id: operator.userId })).rows;
    expect(auditSentence(grant!)).toBe(`npm run operator granted operator to ${operator.email}`);
    const [name] = await sql<{ cohort_name: string }[]>`select cohort_name from public.cohorts where id = ${cohortId}`;
    const [closed] = (await page({ action: "cohort.close", subject_id: cohortId, actor: ada })).rows;
    expect(auditSentence(closed!)).toBe(`${ada} closed cohort ${name!.cohort_name} to new buyers`);
  });
});
