import { describe, expect, it } from "vitest";
import { GET as auditCsv } from "@/app/api/operator/audit.csv/route";
import { POST as setClosed } from "@/app/api/operator/cohorts/[id]/closed/route";
import { GET as participantsCsv } from "@/app/api/operator/cohorts/[id]/participants.csv/route";
import { GET as getCohort, POST as editCohort } from "@/app/api/operator/cohorts/[id]/route";
import { GET as listCohorts, POST as createCohort } from "@/app/api/operator/cohorts/route";
import { GET as me } from "@/app/api/users/me/route";
import { setOperatorRole } from "@/server/operator/operator-role";
import { suiteSql } from "../../fixtures/db";
import { callRoute, signedInOperator } from "../../fixtures/operators";
import { createCohort as arrangeCohort, signedInMember } from "../../fixtures/payments";

// D17: everything under /api/operator answers 403 to anyone but an operator, checked on every request.
const sql = suiteSql();

const fields = { cohort_name: "Access check cohort", language: "en", participant_cap: 10 };

/** Every operator route, called as `token` (none: a visitor) on a cohort of its own. */
async function everyRoute(token: string | undefined) {
  const id = await arrangeCohort(sql);
  const params = { id };
  return {
    "GET /api/operator/cohorts": await callRoute(listCohorts, "/api/operator/cohorts", { token }),
    "POST /api/operator/cohorts": await callRoute(createCohort, "/api/operator/cohorts", { token, method: "POST", body: fields }),
    "GET /api/operator/cohorts/{id}": await callRoute(getCohort, `/api/operator/cohorts/${id}`, { token, params }),
    "POST /api/operator/cohorts/{id}": await callRoute(editCohort, `/api/operator/cohorts/${id}`, {
      token,
      method: "POST",
      body: fields,
      params,
    }),
    "POST /api/operator/cohorts/{id}/closed": await callRoute(setClosed, `/api/operator/cohorts/${id}/closed`, {
      token,
      method: "POST",
      body: { closed: true },
      params,
    }),
    "GET /api/operator/cohorts/{id}/participants.csv": await callRoute(participantsCsv, `/api/operator/cohorts/${id}/participants.csv`, {
      token,
      params,
    }),
    "GET /api/operator/audit.csv": await callRoute(auditCsv, "/api/operator/audit.csv", { token }),
  };
}

const statuses = (answers: Record<string, { status: number }>) =>
  Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, v.status]));

const ALL_REFUSED = {
  "GET /api/operator/cohorts": 403,
  "POST /api/operator/cohorts": 403,
  "GET /api/operator/cohorts/{id}": 403,
  "POST /api/operator/cohorts/{id}": 403,
  "POST /api/operator/cohorts/{id}/closed": 403,
  "GET /api/operator/cohorts/{id}/participants.csv": 403,
  "GET /api/operator/audit.csv": 403,
};

describe("the operator API", () => {
  it("answers 403 to a visitor on every route, with the same words", async () => {
    const answers = await everyRoute(undefined);
    expect(statuses(answers)).toEqual(ALL_REFUSED);
    for (const answer of Object.values(answers)) expect(answer.body).toEqual({ error: "This is for operators only.", code: "forbidden" });
  });

  it("answers 403 to a signed-in member on every route, and changes nothing", async () => {
    const member = await signedInMember("op-member");
    const [before] = await sql<{ count: number }[]>`select count(*)::int from public.cohorts`;
    expect(statuses(await everyRoute(member.token))).toEqual(ALL_REFUSED);
    const [after] = await sql<{ count: number }[]>`select count(*)::int from public.cohorts where closed_at is null`;
    expect(after!.count).toBe(before!.count + 1);
  });

  it("answers 403 to a token that is not valid", async () => {
    expect(statuses(await everyRoute("not-a-token"))).toEqual(ALL_REFUSED);
  });

  it("lets an operator use every route", async () => {
    const operator = await signedInOperator();
    expect(statuses(await everyRoute(operator.token))).toEqual({
      "GET /api/operator/cohorts": 200,
      "POST /api/operator/cohorts": 201,
      "GET /api/operator/cohorts/{id}": 200,
      "POST /api/operator/cohorts/{id}": 200,
      "POST /api/operator/cohorts/{id}/closed": 200,
      "GET /api/operator/cohorts/{id}/participants.csv": 200,
      "GET /api/operator/audit.csv": 200,
    });
  });

  it("refuses an operator at once when the role is revoked, though their token is still valid", async () => {
    const operator = await signedInOperator("revoked-op");
    expect((await callRoute(listCohorts, "/api/operator/cohorts", { token: operator.token })).status).toBe(200);
    expect(await setOperatorRole(operator.email, false)).toBe("revoked");
    expect((await callRoute(listCohorts, "/api/operator/cohorts", { token: operator.token })).status).toBe(403);
  });

  it("refuses an operator whose session was signed out, though their token has not expired", async () => {
    const operator = await signedInOperator("signed-out-op");
    expect((await callRoute(listCohorts, "/api/operator/cohorts", { token: operator.token })).status).toBe(200);
    await sql`delete from auth.sessions where user_id = ${operator.userId}`;
    expect((await callRoute(listCohorts, "/api/operator/cohorts", { token: operator.token })).status).toBe(403);
  });
});

describe("the operator role stays out of members' sight (SPEC §6)", () => {
  it("GET /api/users/me says 'client' for an operator, as for every member", async () => {
    const operator = await signedInOperator("me-op");
    const answer = await callRoute(me, "/api/users/me", { token: operator.token });
    expect(answer.status).toBe(200);
    expect(answer.body?.data).toMatchObject({ email: operator.email, userType: "client" });
    expect(answer.text).not.toContain("operator");
  });
});
