import { describe, expect, it } from "vitest";
import { GET as getCohort } from "@/app/api/cohorts/[id]/route";
import { GET as eligibility } from "@/app/api/cohorts/[id]/eligibility/route";
import { POST as enrol } from "@/app/api/cohorts/[id]/enroll/route";
import { GET as participants } from "@/app/api/cohorts/[id]/participants/route";
import { GET as listCohorts } from "@/app/api/cohorts/route";
import { GET as current } from "@/app/api/cohorts/user/current/route";
import { GET as history } from "@/app/api/cohorts/user/history/route";
import { adminClient, authClient, uniqueEmail } from "../../fixtures/auth-client";
import { suiteSql } from "../../fixtures/db";
import { SITE, cohortCounts, createCohort, insertPaidOrder } from "../../fixtures/payments";
import { racesOnlyOnPostgres } from "../../fixtures/postgres-only";

const sql = suiteSql();

async function member() {
  const email = uniqueEmail("cohort-member");
  const password = "a-long-enough-password";
  await adminClient().auth.admin.createUser({ email, password, email_confirm: true });
  const { data } = await authClient().auth.signInWithPassword({ email, password });
  return { email, token: data.session!.access_token, userId: data.user!.id };
}

type Call = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function call(handler: Call, path: string, options: { id?: string; token?: string; method?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await handler(new Request(`${SITE}${path}`, { method: options.method ?? "GET", headers }), {
    params: Promise.resolve<Record<string, string>>(options.id ? { id: options.id } : {}),
  });
  return { status: response.status, body: await response.json() };
}

racesOnlyOnPostgres("enrol requests sent at once");

describe("public cohort reads", () => {
  it("lists upcoming cohorts of a language that have not started, soonest first and undated last", async () => {
    const soon = await createCohort(sql, { startsInDays: 5 });
    const later = await createCohort(sql, { startsInDays: 40 });
    const undated = await createCohort(sql, { startsInDays: null });
    const started = await createCohort(sql, { startsInDays: -1 });
    const active = await createCohort(sql, { status: "active", startsInDays: -3 });
    const { status, body } = await call(listCohorts as Call, "/api/cohorts?language=en");
    expect(status).toBe(200);
    const ids: string[] = body.data.map((c: { id: string }) => c.id);
    expect(ids).toEqual(expect.arrayContaining([soon, later, undated]));
    expect(ids).not.toContain(started);
    expect(ids).not.toContain(active);
    expect(ids.indexOf(soon)).toBeLessThan(ids.indexOf(later));
    expect(ids.indexOf(later)).toBeLessThan(ids.indexOf(undated));
    expect(Object.keys(body.data[0]).sort()).toEqual([
      "cohort_description",
      "cohort_name",
      "duration_days",
      "end_cohort_date",
      "end_postcohort_date",
      "held_participant_count",
      "id",
      "participant_cap",
      "participant_count",
      "prospective_participant_count",
      "start_cohort_date",
      "status",
    ]);
    expect((await call(listCohorts as Call, "/api/cohorts?language=es")).body.data.map((c: { id: string }) => c.id)).not.toContain(soon);
  });

  it("rejects a malformed language, a non-uuid id, and answers 404 for an unknown cohort", async () => {
    expect((await call(listCohorts as Call, "/api/cohorts?language=english';--")).status).toBe(422);
    const notUuid = await call(getCohort as Call, "/api/cohorts/abc", { id: "abc" });
    expect(notUuid.status).toBe(422);
    expect(notUuid.body.details).toEqual([{ path: "id", message: "The cohort id must be a UUID." }]);
    const unknown = await call(getCohort as Call, "/api/cohorts/0c0a0000-0000-4000-8000-0000000000fe", {
      id: "0c0a0000-0000-4000-8000-0000000000fe",
    });
    expect(unknown).toEqual({ status: 404, body: { error: "This cohort does not exist.", code: "not_found" } });
  });

  it("returns one cohort with the spec's fields", async () => {
    const id = await createCohort(sql, { cap: 12 });
    const { status, body } = await call(getCohort as Call, `/api/cohorts/${id}`, { id });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id, status: "upcoming", duration_days: 14, participant_cap: 12, participant_count: 0 });
  });
});

describe("member cohort calls", () => {
  it("need a token: 'No authentication token available'", async () => {
    const id = await createCohort(sql);
    for (const [handler, path] of [
      [eligibility, `/api/cohorts/${id}/eligibility`],
      [participants, `/api/cohorts/${id}/participants`],
      [history, "/api/cohorts/user/history"],
      [current, "/api/cohorts/user/current"],
    ] as const) {
      const { status, body } = await call(handler as Call, path, { id });
      expect(status).toBe(401);
      expect(body.error).toBe("No authentication token available");
    }
  });

  it("are not eligible by default; a paid order without a seat is, and enrolling takes the seat", async () => {
    const m = await member();
    const target = await createCohort(sql, { cap: 5 });
    const before = await call(eligibility as Call, `/api/cohorts/${target}/eligibility`, { id: target, token: m.token });
    expect(before.body.data).toMatchObject({ eligible: false, reason: "no_paid_plan" });
    const refused = await call(enrol as Call, `/api/cohorts/${target}/enroll`, { id: target, token: m.token, method: "POST" });
    expect(refused.status).toBe(403);

    const paidFor = await createCohort(sql);
    await insertPaidOrder(sql, { userId: m.userId, email: m.email, cohortId: paidFor, seated: false });
    expect((await call(eligibility as Call, `/api/cohorts/${target}/eligibility`, { id: target, token: m.token })).body.data).toMatchObject(
      {
        eligible: true,
        reason: "paid_without_seat",
      },
    );
    const joined = await call(enrol as Call, `/api/cohorts/${target}/enroll`, { id: target, token: m.token, method: "POST" });
    expect(joined.status).toBe(200);
    expect(joined.body.data).toEqual({
      success: true,
      cohort_id: target,
      user_id: m.userId,
      role: "participant",
      message: expect.stringContaining("enrolled"),
    });
    expect(await cohortCounts(sql, target)).toEqual({ prospective: 1, participants: 1, held: 0, enrolled: 1 });
    const now = await call(current as Call, "/api/cohorts/user/current", { token: m.token });
    expect(now.body.data).toMatchObject({ cohort: { id: target }, role: "participant", can_change: true });
  });

  it("takes one seat however many enrol requests a member sends at once", async () => {
    const m = await member();
    await insertPaidOrder(sql, { userId: m.userId, email: m.email, cohortId: await createCohort(sql), seated: false });
    const target = await createCohort(sql, { cap: 5 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call(enrol as Call, `/api/cohorts/${target}/enroll`, { id: target, token: m.token, method: "POST" })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(answers.filter((a) => a.body.data.message.startsWith("You are enrolled"))).toHaveLength(1);
    expect(await cohortCounts(sql, target)).toEqual({ prospective: 1, participants: 1, held: 0, enrolled: 1 });
  });

  it("moves a seat to another upcoming cohort and releases the old one in the same transaction", async () => {
    const m = await member();
    const from = await createCohort(sql, { startsInDays: 10 });
    const to = await createCohort(sql, { startsInDays: 20 });
    await insertPaidOrder(sql, { userId: m.userId, email: m.email, cohortId: from, seated: true });
    expect((await call(eligibility as Call, `/api/cohorts/${to}/eligibility`, { id: to, token: m.token })).body.data).toMatchObject({
      eligible: true,
      reason: "can_switch",
      current_cohort_id: from,
    });
    const moved = await call(enrol as Call, `/api/cohorts/${to}/enroll`, { id: to, token: m.token, method: "POST" });
    expect(moved.status).toBe(200);
    expect(await cohortCounts(sql, from)).toEqual({ prospective: 0, participants: 0, held: 0, enrolled: 0 });
    expect(await cohortCounts(sql, to)).toEqual({ prospective: 1, participants: 1, held: 0, enrolled: 1 });
    const past = await call(history as Call, "/api/cohorts/user/history", { token: m.token });
    expect(past.body.data.map((h: { cohort: { id: string }; status: string }) => [h.cohort.id, h.status])).toEqual([
      [to, "enrolled"],
      [from, "released"],
    ]);
  });

  it("keeps the member where they are when the target is full (409) or the change window has closed", async () => {
    const m = await member();
    const from = await createCohort(sql, { startsInDays: 10 });
    await insertPaidOrder(sql, { userId: m.userId, email: m.email, cohortId: from, seated: true });
    const full = await createCohort(sql, { cap: 2, prospective: 2 });
    const refused = await call(enrol as Call, `/api/cohorts/${full}/enroll`, { id: full, token: m.token, method: "POST" });
    expect(refused).toEqual({ status: 409, body: { error: "This cohort is full", code: "cohort_full" } });
    expect(await cohortCounts(sql, from)).toMatchObject({ enrolled: 1, participants: 1 });

    const m2 = await member();
    const startingSoon = await createCohort(sql, { startsInDays: 0.5 });
    await insertPaidOrder(sql, { userId: m2.userId, email: m2.email, cohortId: startingSoon, seated: true });
    const later = await createCohort(sql, { startsInDays: 30 });
    const closed = await call(enrol as Call, `/api/cohorts/${later}/enroll`, { id: later, token: m2.token, method: "POST" });
    expect(closed.status).toBe(403);
    expect(closed.body.error).toBe("Cohorts can be changed up to 24 hours before the start.");
    expect((await call(current as Call, "/api/cohorts/user/current", { token: m2.token })).body.data).toMatchObject({
      cohort: { id: startingSoon },
      can_change: false,
    });
  });

  it("shows participants only to members of the cohort, filtered by role", async () => {
    const m = await member();
    const outsider = await member();
    const cohort = await createCohort(sql);
    await insertPaidOrder(sql, { userId: m.userId, email: m.email, cohortId: cohort, seated: true });
    const listed = await call(participants as Call, `/api/cohorts/${cohort}/participants?role=participant`, { id: cohort, token: m.token });
    expect(listed.body.data).toEqual([{ seat_id: expect.any(String), role: "participant", enrolled_at: expect.any(String), is_you: true }]);
    expect(
      (await call(participants as Call, `/api/cohorts/${cohort}/participants?role=coach`, { id: cohort, token: m.token })).body.data,
    ).toEqual([]);
    expect(
      (await call(participants as Call, `/api/cohorts/${cohort}/participants?role=admin`, { id: cohort, token: m.token })).status,
    ).toBe(422);
    expect((await call(participants as Call, `/api/cohorts/${cohort}/participants`, { id: cohort, token: outsider.token })).status).toBe(
      403,
    );
  });
});
