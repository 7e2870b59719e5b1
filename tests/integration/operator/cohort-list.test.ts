import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GET as listCohorts } from "@/app/api/operator/cohorts/route";
import { operatorCohortListSchema, type OperatorCohort } from "@/lib/operator/operator-cohort-schemas";
import { suiteSql } from "../../fixtures/db";
import { callRoute, signedInOperator } from "../../fixtures/operators";

// The operator's cohort list is read a page at a time by keyset (open cohorts first, then
// the latest start, undated first), found by part of a name; a cursor that is not one is refused.
const sql = suiteSql();
const operator = await signedInOperator("cohort-list-op");
const token = randomUUID().slice(0, 8);

async function page(params: Record<string, string>) {
  const answer = await callRoute(listCohorts, `/api/operator/cohorts?${new URLSearchParams(params)}`, { token: operator.token });
  return {
    status: answer.status,
    body: answer.body,
    page: answer.status === 200 ? operatorCohortListSchema.parse(answer.body!.data) : null,
  };
}

/** 130 cohorts named with the token: a third closed, one in ten without dates, starts spread over a year. */
async function arrangeCohorts(): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    insert into public.cohorts (cohort_name, cohort_description, status, start_cohort_date, end_cohort_date, participant_cap, closed_at)
    select 'List ' || ${token} || ' #' || n, 'A listed cohort.', 'upcoming',
      case when n % 10 <> 0 then now() + make_interval(days => (n * 37) % 365) end,
      case when n % 10 <> 0 then now() + make_interval(days => (n * 37) % 365 + 14) end,
      10, case when n % 3 = 0 then now() end
    from generate_series(1, 130) n
    returning id`;
  // The expected order, computed apart from the list's SQL.
  const all = await sql<{ id: string; closed: boolean; start: Date | null }[]>`
    select id, closed_at is not null as closed, start_cohort_date as start from public.cohorts where id = any(${rows.map((r) => r.id)}::uuid[])`;
  const startKey = (start: Date | null) => (start ? start.getTime() : Number.POSITIVE_INFINITY);
  return all
    .sort(
      (a, b) => Number(a.closed) - Number(b.closed) || startKey(b.start) - startKey(a.start) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
    )
    .map((row) => row.id);
}

describe("the operator's cohort list", () => {
  it("pages every matching cohort once, open first and latest start first, fifty at a time", async () => {
    const expected = await arrangeCohorts();
    const seen: OperatorCohort[] = [];
    let first = await page({ q: token.toUpperCase() });
    expect(first.page!.cohorts).toHaveLength(50);
    seen.push(...first.page!.cohorts);
    let next = first.page!.next;
    while (next) {
      const more = await page({ q: token, after: JSON.stringify(next) });
      seen.push(...more.page!.cohorts);
      next = more.page!.next;
    }
    expect(seen.map((cohort) => cohort.id)).toEqual(expected);
    expect(seen.findIndex((cohort) => cohort.closed_at !== null)).toBe(seen.filter((cohort) => cohort.closed_at === null).length);
    first = await page({ q: `${token} #7` });
    expect(first.page!.cohorts.map((cohort) => cohort.cohort_name).sort()).toEqual(
      [
        `List ${token} #7`,
        `List ${token} #70`,
        `List ${token} #71`,
        `List ${token} #72`,
        `List ${token} #73`,
        `List ${token} #74`,
        `List ${token} #75`,
        `List ${token} #76`,
        `List ${token} #77`,
        `List ${token} #78`,
        `List ${token} #79`,
      ].sort(),
    );
  });

  it("takes a search's wildcards literally", async () => {
    expect((await page({ q: `${token}%` })).page!.cohorts).toEqual([]);
    expect((await page({ q: "_" })).page!.cohorts.every((cohort) => cohort.cohort_name.includes("_"))).toBe(true);
  });

  it("refuses a cursor it did not give, changing nothing", async () => {
    for (const after of [
      "not json",
      "[1,2]",
      JSON.stringify(["open soon", randomUUID()]),
      JSON.stringify(["open undated", "not-a-uuid"]),
      "\u0000",
    ]) {
      const answer = await page({ after });
      expect(answer.status, after).toBe(422);
      expect(answer.body!.code).toBe("validation_failed");
    }
  });
});
