import { describe, expect, it } from "vitest";
import { GET as auditCsv } from "@/app/api/operator/audit.csv/route";
import { GET as participantsCsv } from "@/app/api/operator/cohorts/[id]/participants.csv/route";
import { POST as editCohort } from "@/app/api/operator/cohorts/[id]/route";
import { SAFETY_SCREEN_VERSION } from "@/lib/questionnaire/safety-screen";
import { cohortParticipantList } from "@/server/operator/participants";
import { suiteSql } from "../../fixtures/db";
import { callRoute, signedInOperator } from "../../fixtures/operators";
import { createCohort } from "../../fixtures/payments";

// The participant list with what each buyer answered, and the CSV exports of it and of the
// audit log, where nothing a buyer or an operator typed can run as a spreadsheet formula.
const sql = suiteSql();
const operator = await signedInOperator("export-op");

/** A seat of `status` with its order, as checkout and payment leave them. */
async function seatWithOrder(
  cohortId: string,
  email: string,
  status: "enrolled" | "held",
  answers: { userInfo: unknown; questionnaire: unknown },
) {
  const [order] = await sql<{ id: string }[]>`
    insert into public.orders (email, plan_type, plan_name, has_cgm, cohort_id, subtotal_cents, tax_cents, total_cents, status, paid_at, user_info, questionnaire)
    values (${email}, 'popular', 'Popular', true, ${cohortId}, 17900, 1432, 19332, ${status === "enrolled" ? "paid" : "pending"},
      ${status === "enrolled" ? new Date() : null}, ${sql.json(answers.userInfo as never)}, ${sql.json(answers.questionnaire as never)})
    returning id`;
  await sql`update public.cohorts set prospective_participant_count = prospective_participant_count + 1,
    participant_count = participant_count + ${status === "enrolled" ? 1 : 0} where id = ${cohortId}`;
  await sql`insert into public.cohort_seats (cohort_id, order_id, email, status, enrolled_at, hold_expires_at)
    values (${cohortId}, ${order!.id}, ${email}, ${status}, ${status === "enrolled" ? new Date() : null}, ${status === "held" ? new Date(Date.now() + 1_800_000) : null})`;
}

// An order from before clearances were confirmed through an emailed link kept only the visitor's tick.
const safetyScreen = {
  version: SAFETY_SCREEN_VERSION,
  type1DiabetesOrInsulin: "yes",
  pregnancy: "no",
  eatingDisorderHistory: "no",
  clearedByDoctor: true,
};

describe("a cohort's participants", () => {
  it("lists paid seats then held ones with plan, CGM, questionnaire and safety answers, and exports them as CSV with formulas neutralised", async () => {
    const id = await createCohort(sql, { cap: 10 });
    await seatWithOrder(id, "held@example.com", "held", { userInfo: {}, questionnaire: {} });
    await seatWithOrder(id, "paid@example.com", "enrolled", {
      userInfo: {
        cgmExperience: "no",
        dietaryRestrictions: '=HYPERLINK("http://x","click")',
        medicalConditions: "+1 asthma",
        safetyScreen,
      },
      questionnaire: { responses: { "1": "yes", "3": "no", "5": "yes" }, result: null },
    });

    const list = await cohortParticipantList(id);
    expect(list.map((p) => [p.seat, p.email])).toEqual([
      ["paid", "paid@example.com"],
      ["held", "held@example.com"],
    ]);
    expect(list[0]).toMatchObject({
      planName: "Popular",
      hasCgm: true,
      answers: ["yes", undefined, "no", undefined, "yes"],
      cgmExperience: "no",
      safety: { type1DiabetesOrInsulin: "yes", pregnancy: "no", eatingDisorderHistory: "no" },
      doctorClearance: "ticked-at-checkout",
    });

    const answer = await callRoute(participantsCsv, `/api/operator/cohorts/${id}/participants.csv`, {
      token: operator.token,
      params: { id },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toBe(`attachment; filename="cohort-${id}-participants.csv"`);
    const lines = answer.text.trimEnd().split("\n");
    expect(lines[0]).toBe(
      "seat,role,email,enrolled_at,plan,cgm,q1,q2,q3,q4,q5,cgm_experience,dietary_restrictions,medical_conditions," +
        "safety_type1DiabetesOrInsulin,safety_pregnancy,safety_eatingDisorderHistory,cleared_by_doctor",
    );
    expect(lines[1]).toMatch(
      /^"paid","participant","paid@example.com","[^"]+","Popular","yes","yes","","no","","yes","no","'=HYPERLINK\(""http:\/\/x"",""click""\)","'\+1 asthma","yes","no","no","ticked at checkout"$/,
    );
    expect(lines[2]).toBe(`"held","participant","held@example.com","","Popular","yes","","","","","","","","","","","",""`);
  });

  it("says so when a cohort has nobody yet: the header alone", async () => {
    const id = await createCohort(sql);
    const answer = await callRoute(participantsCsv, `/api/operator/cohorts/${id}/participants.csv`, {
      token: operator.token,
      params: { id },
    });
    expect(answer.text.trimEnd().split("\n")).toHaveLength(1);
  });
});

describe("the audit log export", () => {
  it("holds every change oldest first, with before and after as JSON and formulas neutralised", async () => {
    const id = await createCohort(sql);
    const body = { cohort_name: "-2+3 Cohort", language: "en", participant_cap: 15 };
    expect(
      (await callRoute(editCohort, `/api/operator/cohorts/${id}`, { token: operator.token, method: "POST", body, params: { id } })).status,
    ).toBe(200);
    const answer = await callRoute(auditCsv, "/api/operator/audit.csv", { token: operator.token });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-disposition")).toBe('attachment; filename="operator-audit-log.csv"');
    const lines = answer.text.trimEnd().split("\n");
    expect(lines[0]).toBe("id,when,actor,action,subject_type,subject_id,before,after,summary");
    const line = lines.find((l) => l.includes(`"${id}"`));
    expect(line).toMatch(new RegExp(`^"\\d+","[^"]+","${operator.email.replace(/[.]/g, "\\.")}","cohort.edit","cohort","${id}","\\{""`));
    const [, before, after, summary] = /","(\{.*\})","(\{.*\})","([^"]*)"$/.exec(line!)!;
    // The sentence the log page shows: the cohort by its new name, what changed in words.
    expect(summary!.startsWith(`${operator.email} edited cohort -2+3 Cohort: name “Test cohort `)).toBe(true);
    expect(summary).toContain("” → “-2+3 Cohort”");
    expect(summary).toContain("capacity 20 → 15");
    expect(JSON.parse(before!.replaceAll('""', '"'))).toMatchObject({
      cohort_name: expect.stringMatching(/^Test cohort/),
      participant_cap: 20,
    });
    expect(JSON.parse(after!.replaceAll('""', '"'))).toMatchObject({ cohort_name: "-2+3 Cohort", participant_cap: 15 });
    const ids = lines.slice(1).map((l) => Number(/^"(\d+)"/.exec(l)![1]));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it("neutralises a cell that a spreadsheet would run as a formula", async () => {
    await sql`insert into public.operator_audit_log (actor, action, subject_type, subject_id) values ('@SUM(1+1)', 'operator.grant', 'user', '=cmd|"/c calc"!A1')`;
    const answer = await callRoute(auditCsv, "/api/operator/audit.csv", { token: operator.token });
    expect(answer.text).toMatch(
      /,"'@SUM\(1\+1\)","operator.grant","user","'=cmd\|""\/c calc""!A1","","","'@SUM\(1\+1\) granted operator to user =cmd\|""\/c calc""!A1"\n/,
    );
  });

  it("reads the log in batches: an export longer than one batch is whole", async () => {
    await sql`
      insert into public.operator_audit_log (actor, action, subject_type, subject_id, before, after)
      select 'npm run operator', 'operator.grant', 'user', 'batch-' || n, '{"user_type":"client"}', '{"user_type":"operator"}'
      from generate_series(1, 1100) n`;
    const [count] = await sql<{ count: number }[]>`select count(*)::int from public.operator_audit_log`;
    const answer = await callRoute(auditCsv, "/api/operator/audit.csv", { token: operator.token });
    expect(answer.text.trimEnd().split("\n")).toHaveLength(count!.count + 1);
  });
});

describe("the audit log itself", () => {
  it("cannot be changed or emptied, even by the product backend's own role", async () => {
    const [entry] = await sql<{ id: string }[]>`
      insert into public.operator_audit_log (actor, action, subject_type, subject_id) values ('npm run operator', 'operator.grant', 'user', 'x') returning id`;
    await expect(sql`update public.operator_audit_log set actor = 'someone else' where id = ${entry!.id}`).rejects.toThrow(
      /operator_audit_log is append-only/,
    );
    await expect(sql`delete from public.operator_audit_log where id = ${entry!.id}`).rejects.toThrow(/operator_audit_log is append-only/);
    await expect(sql`truncate public.operator_audit_log`).rejects.toThrow(/operator_audit_log is append-only/);
  });

  it("refuses an entry naming an account that is not an operator", async () => {
    const [member] = await sql<{ id: string }[]>`
      insert into auth.users (email, aud, role) values ('not-an-operator@example.com', 'authenticated', 'authenticated') returning id`;
    await expect(
      sql`insert into public.operator_audit_log (actor_id, actor, action, subject_type, subject_id) values (${member!.id}, 'x', 'cohort.edit', 'cohort', 'y')`,
    ).rejects.toThrow(/Only an operator can be the actor of an operator audit entry/);
  });
});
