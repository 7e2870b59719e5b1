import { expect, it } from "vitest";
import { listCohortBotBlocked } from "@/server/db/programme/programme-cohort-report";
import { suiteSql } from "../../fixtures/db";
import { createCohort, signedInMember } from "../../fixtures/payments";
import { postgresOnly } from "../../fixtures/postgres-only";
import { statementPlans } from "../../fixtures/statement-plans";

// The operator's cohort page lists the cohort's members who blocked the coach bot: it reads the
// members who blocked it, not every member's programme preferences.
const sql = suiteSql();
const plansOf = statementPlans(sql);
const onPostgres = postgresOnly(
  "asserts the plans PostgreSQL's planner chooses from the statistics of a bulk load; PGlite's are not the server's",
);

onPostgres.describe("a cohort's members who blocked the coach bot", () => {
  it("are read through the blocked members alone, not the preferences of the cohort's 5,000 others", async () => {
    const member = await signedInMember("bot-blocked-plans");
    const cohortId = await createCohort(sql, { cap: 10_000 });
    const others = await sql<{ id: string }[]>`
      insert into auth.users (email, aud, role)
      select 'prefs.' || n || '.' || ${Date.now()} || '@example.com', 'authenticated', 'authenticated' from generate_series(1, 5000) n
      returning id`;
    await sql`insert into public.programme_preferences (user_id) select unnest(${others.map((row) => row.id)}::uuid[])`;
    await sql`insert into public.programme_preferences (user_id, bot_blocked_at) values (${member.userId}, now())`;
    // A big cohort: walking its seats would read 5,001 members' preferences to find the one.
    await sql`
      insert into public.cohort_seats (cohort_id, user_id, email, status, role, enrolled_at)
      select ${cohortId}, u.id, u.email, 'enrolled', 'participant', now() from auth.users u
      where u.id = any(${[member.userId, ...others.map((row) => row.id)]}::uuid[])`;
    await sql`analyze public.cohort_seats`;
    await sql`analyze public.programme_preferences`;

    let blocked: Awaited<ReturnType<typeof listCohortBotBlocked>> = [];
    const plans = await plansOf(
      async () => (blocked = await listCohortBotBlocked(cohortId, 50)),
      (query) => query.includes("join public.programme_preferences p"),
    ).finally(async () => {
      // The other files of the run share the database: its 5,000 extra accounts go.
      await sql`delete from public.cohort_seats where cohort_id = ${cohortId} and user_id <> ${member.userId}`;
      await sql`delete from auth.users where id = any(${others.map((row) => row.id)}::uuid[])`;
    });
    expect(blocked.map((row) => row.userId)).toEqual([member.userId]);
    expect(plans.statements).toBe(1);
    expect(plans.unexplained).toBe(0);
    expect(plans.seqScans.filter((scan) => scan.relation === "public.programme_preferences")).toEqual([]);
  });
});
