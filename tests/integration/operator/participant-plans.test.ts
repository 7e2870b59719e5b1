import { expect, it } from "vitest";
import { listParticipantRows } from "@/server/db/operator/operator-participants";
import { suiteSql } from "../../fixtures/db";
import { createCohort } from "../../fixtures/payments";
import { postgresOnly } from "../../fixtures/postgres-only";
import { statementPlans } from "../../fixtures/statement-plans";

// A cohort's participant list (the operator's page and its CSV) reads that cohort's seats
// through an index, however many seats the other cohorts hold.
const sql = suiteSql();
const plansOf = statementPlans(sql);
const onPostgres = postgresOnly(
  "asserts the plans PostgreSQL's planner chooses from the statistics of a bulk load; PGlite's are not the server's",
);

onPostgres.describe("a cohort's participant list", () => {
  it("reads its own seats by index, not the 20,000 of busy cohorts", async () => {
    const busy = [await createCohort(sql, { cap: 10_000 }), await createCohort(sql, { cap: 10_000 })];
    const small = await createCohort(sql, { cap: 10 });
    await sql`
      insert into cohort_seats (cohort_id, email, status, enrolled_at)
      select (${busy}::uuid[])[1 + n % 2], 'seat' || n || '@example.com', 'enrolled', now() from generate_series(1, 20000) n`;
    await sql`
      insert into cohort_seats (cohort_id, email, status, enrolled_at, hold_expires_at)
      values (${small}, 'ann@example.com', 'enrolled', now(), null), (${small}, 'bob@example.com', 'held', null, now() + interval '10 minutes')`;
    await sql`analyze cohort_seats`;

    let rows: Awaited<ReturnType<typeof listParticipantRows>> = [];
    const plans = await plansOf(
      async () => (rows = await listParticipantRows(small)),
      (query) => query.includes("from public.cohort_seats s"),
    );
    expect(rows.map((r) => r.email).sort()).toEqual(["ann@example.com", "bob@example.com"]);
    expect(plans.statements).toBe(1);
    // (The test's few orders may be read whole: the seats are what grow here.)
    expect(plans.seqScans.filter((scan) => scan.relation === "public.cohort_seats")).toEqual([]);
    expect(plans.worst?.plan).toContain("cohort_seats_cohort_status_idx");
  });
});
