import postgres from "postgres";
import { describe, expect, inject, it } from "vitest";
import { POST as setClosed } from "@/app/api/operator/cohorts/[id]/closed/route";
import { POST as editCohort } from "@/app/api/operator/cohorts/[id]/route";
import { POST as createCohort } from "@/app/api/operator/cohorts/route";
import { GET as eligibility } from "@/app/api/cohorts/[id]/eligibility/route";
import { GET as publicCohorts } from "@/app/api/cohorts/route";
import { COHORT_CLOSED_MESSAGE } from "@/lib/cohorts/cohort-change-rules";
import { cohortFieldsSchema } from "@/lib/operator/operator-cohort-schemas";
import { editOperatorCohort } from "@/server/operator/operator-cohorts";
import { suiteSql } from "../../fixtures/db";
import { auditEntriesOf, callRoute, signedInOperator } from "../../fixtures/operators";
import { checkoutBody, createCohort as arrangeCohort, insertPaidOrder, postCheckout, signedInMember } from "../../fixtures/payments";

// Cohorts: created, edited and closed by an operator, the spec's rules checked on the server.
const sql = suiteSql();
const operator = await signedInOperator("cohort-op");

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const fields = (overrides: Record<string, unknown> = {}) => ({
  cohort_name: "Winter Steady Cohort",
  cohort_description: "Fourteen days of small experiments.",
  language: "en",
  start_cohort_date: day(30),
  end_cohort_date: day(44),
  end_postcohort_date: day(74),
  participant_cap: 12,
  ...overrides,
});

const create = (body: unknown) => callRoute(createCohort, "/api/operator/cohorts", { token: operator.token, method: "POST", body });
const edit = (id: string, body: unknown) =>
  callRoute(editCohort, `/api/operator/cohorts/${id}`, { token: operator.token, method: "POST", body, params: { id } });
const publicIds = async (language = "en") =>
  ((await callRoute(publicCohorts, `/api/cohorts?language=${language}`)).body!.data as { id: string }[]).map((c) => c.id);

describe("creating a cohort", () => {
  it("makes an upcoming cohort that visitors can choose, and writes who made it to the audit log", async () => {
    const answer = await create(fields({ language: "pt-BR" }));
    expect(answer.status).toBe(201);
    const cohort = answer.body!.data as { id: string };
    expect(cohort).toMatchObject({
      cohort_name: "Winter Steady Cohort",
      language: "pt-BR",
      status: "upcoming",
      duration_days: 14,
      participant_cap: 12,
      seats: { paid: 0, held: 0, free: 12 },
      closed_at: null,
    });
    expect(await publicIds("pt-BR")).toContain(cohort.id);
    expect(await auditEntriesOf(sql, cohort.id)).toEqual([
      {
        actor_id: operator.userId,
        actor: operator.email,
        action: "cohort.create",
        subject_type: "cohort",
        before: null,
        after: expect.objectContaining({
          cohort_name: "Winter Steady Cohort",
          start_cohort_date: day(30),
          participant_cap: 12,
          closed: false,
        }),
      },
    ]);
  });

  it("refuses dates out of order, field by field, and creates nothing", async () => {
    const [before] = await sql<{ count: number }[]>`select count(*)::int from public.cohorts`;
    const backwards = await create(fields({ end_cohort_date: day(29) }));
    expect(backwards.status).toBe(422);
    expect(backwards.body!.details).toEqual([{ path: "end_cohort_date", message: "The last day must be on or after the first day." }]);
    const postBeforeEnd = await create(fields({ end_postcohort_date: day(40) }));
    expect(postBeforeEnd.body!.details).toEqual([
      { path: "end_postcohort_date", message: "The post-cohort end date must be after the last day." },
    ]);
    const endWithoutStart = await create(fields({ start_cohort_date: "" }));
    expect(endWithoutStart.body!.details).toEqual([{ path: "end_cohort_date", message: "Set the first day before the last day." }]);
    const today = await create(fields({ start_cohort_date: day(0) }));
    expect(today.status).toBe(422);
    expect(today.body!.details).toEqual([{ path: "start_cohort_date", message: "A new cohort must start after today." }]);
    const [after] = await sql<{ count: number }[]>`select count(*)::int from public.cohorts`;
    expect(after!.count).toBe(before!.count);
  });

  it("takes an undated cohort ('Dates to be announced') with the default 14 days", async () => {
    const answer = await create(fields({ start_cohort_date: null, end_cohort_date: null, end_postcohort_date: null }));
    expect(answer.status).toBe(201);
    expect(answer.body!.data).toMatchObject({ start_cohort_date: null, duration_days: 14 });
  });
});

describe("editing a cohort", () => {
  it("refuses a capacity below the seats paid or held, and accepts it equal to them", async () => {
    const id = await arrangeCohort(sql, { cap: 20, prospective: 7, participants: 5 });
    const refused = await edit(id, fields({ participant_cap: 6 }));
    expect(refused.status).toBe(422);
    expect(refused.body!.details).toEqual([
      { path: "participant_cap", message: "Capacity cannot be below the seats already taken: 7 seats are paid or held." },
    ]);
    const [unchanged] = await sql<
      { participant_cap: number; cohort_name: string }[]
    >`select participant_cap, cohort_name from public.cohorts where id = ${id}`;
    expect(unchanged).toEqual({ participant_cap: 20, cohort_name: expect.stringMatching(/^Test cohort/) });
    expect(await auditEntriesOf(sql, id)).toEqual([]);

    const accepted = await edit(id, fields({ participant_cap: 7 }));
    expect(accepted.status).toBe(200);
    expect(accepted.body!.data).toMatchObject({ participant_cap: 7, seats: { paid: 5, held: 2, free: 0 } });
  });

  it("writes the cohort's state before and after to the audit log, and nothing for a save that changes nothing", async () => {
    const id = await arrangeCohort(sql, { cap: 20 });
    expect((await edit(id, fields({ cohort_name: "Renamed Cohort", participant_cap: 25 }))).status).toBe(200);
    expect((await edit(id, fields({ cohort_name: "Renamed Cohort", participant_cap: 25 }))).status).toBe(200);
    const entries = await auditEntriesOf(sql, id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "cohort.edit",
      actor: operator.email,
      before: expect.objectContaining({ cohort_name: expect.stringMatching(/^Test cohort/), participant_cap: 20 }),
      after: expect.objectContaining({ cohort_name: "Renamed Cohort", participant_cap: 25, duration_days: 14 }),
    });
  });

  it("undoes the change when its author is no longer an operator by the time it is written (revoked mid-request)", async () => {
    const id = await arrangeCohort(sql, { cap: 20 });
    const member = await signedInMember("revoked-mid-request");
    await expect(editOperatorCohort(member.userId, id, cohortFieldsSchema.parse(fields({ participant_cap: 30 })))).rejects.toThrow(
      "This is for operators only.",
    );
    const [cohort] = await sql<{ participant_cap: number }[]>`select participant_cap from public.cohorts where id = ${id}`;
    expect(cohort!.participant_cap).toBe(20);
    expect(await auditEntriesOf(sql, id)).toEqual([]);
  });

  it("answers 404 for a cohort that does not exist", async () => {
    const id = "0c0a0000-0000-4000-8000-0000000000ff";
    expect((await edit(id, fields())).status).toBe(404);
  });
});

describe("closing a cohort", () => {
  it("takes it off the cohort picker and refuses new participants, keeps its seats, and can open it again", async () => {
    const id = await arrangeCohort(sql, { cap: 10 });
    const member = await signedInMember("closed-cohort-buyer");
    await insertPaidOrder(sql, { userId: member.userId, email: member.email, cohortId: await arrangeCohort(sql), seated: false });
    const close = (closed: boolean) =>
      callRoute(setClosed, `/api/operator/cohorts/${id}/closed`, {
        token: operator.token,
        method: "POST",
        body: { closed },
        params: { id },
      });

    const closed = await close(true);
    expect(closed.status).toBe(200);
    expect(closed.body!.data).toMatchObject({ closed_at: expect.any(String) });
    expect(await publicIds()).not.toContain(id);
    const refused = await callRoute(eligibility, `/api/cohorts/${id}/eligibility`, { token: member.token, params: { id } });
    expect(refused.body!.data).toMatchObject({ eligible: false, reason: "cohort_closed", message: COHORT_CLOSED_MESSAGE });
    const checkout = await postCheckout(checkoutBody(id));
    expect(checkout.status).toBe(422);
    expect(checkout.json.details).toEqual([{ path: "cohortId", message: COHORT_CLOSED_MESSAGE }]);

    expect((await close(true)).status).toBe(200);
    expect((await close(false)).body!.data).toMatchObject({ closed_at: null });
    expect(await publicIds()).toContain(id);
    expect(
      (await auditEntriesOf(sql, id)).map((e) => [
        e.action,
        (e.before as { closed: boolean }).closed,
        (e.after as { closed: boolean }).closed,
      ]),
    ).toEqual([
      ["cohort.close", false, true],
      ["cohort.reopen", true, false],
    ]);
  });
});

describe("a capacity change racing checkouts", () => {
  it("is checked against the seats as they are when it commits: refused or kept, never a capacity below the seats", async () => {
    const seats = postgres(inject("databaseUrl"), { max: 8, onnotice: () => {} });
    try {
      for (let round = 0; round < 5; round += 1) {
        const id = await arrangeCohort(sql, { cap: 12, prospective: 4 });
        // Each taker holds a place the way a checkout does (server/db/cohorts/seats.ts takeProspectivePlace).
        const take = () => seats`
          update public.cohorts set prospective_participant_count = prospective_participant_count + 1
          where id = ${id} and prospective_participant_count < participant_cap returning id`;
        const [answer] = await Promise.all([edit(id, fields({ participant_cap: 6 })), ...Array.from({ length: 6 }, take)]);
        expect([200, 422]).toContain(answer.status);
        const [cohort] = await sql<{ participant_cap: number; prospective: number }[]>`
          select participant_cap, prospective_participant_count as prospective from public.cohorts where id = ${id}`;
        expect(cohort!.prospective).toBeLessThanOrEqual(cohort!.participant_cap);
        expect(cohort!.participant_cap).toBe(answer.status === 200 ? 6 : 12);
      }
    } finally {
      await seats.end();
    }
  });
});
