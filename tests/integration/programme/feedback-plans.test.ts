import { expect, it } from "vitest";
import { memberFeedback } from "@/server/programme/programme-feedback";
import { suiteSql } from "../../fixtures/db";
import { signedInMember } from "../../fixtures/payments";
import { postgresOnly } from "../../fixtures/postgres-only";
import { statementPlans } from "../../fixtures/statement-plans";
import { askedFeedback, endedCohortSeat } from "./programme-fixtures";

// The feedback question a member was last asked is read on the dashboard and for every message the
// coach bot gets from a member: it reads that member's questions, not every programme message sent.
const sql = suiteSql();
const plansOf = statementPlans(sql);
const onPostgres = postgresOnly(
  "asserts the plans PostgreSQL's planner chooses from the statistics of a bulk load; PGlite's are not the server's",
);

onPostgres.describe("the feedback question a member was last asked", () => {
  it("is read through the member's own questions, not the 20,000 morning messages sent", async () => {
    const member = await signedInMember("fb-plans");
    const seat = await endedCohortSeat(sql, member);
    await sql`
      insert into public.programme_sends (seat_id, user_id, cohort_id, message, for_date, channel)
      select ${seat.seatId}, ${member.userId}, ${seat.cohortId}, 'morning', date '2000-01-01' + n, 'bot' from generate_series(1, 20000) n`;
    await askedFeedback(sql, member, seat, "bot");
    await sql`analyze public.programme_sends`;

    let answer;
    const plans = await plansOf(
      async () => (answer = await memberFeedback({ id: member.userId, email: member.email, role: "authenticated" })),
      (query) => query.includes("from public.programme_sends"),
    );
    expect(answer).toMatchObject({ status: "asked", cohortName: "Ended cohort" });
    expect(plans.statements).toBe(1);
    expect(plans.unexplained).toBe(0);
    expect(plans.seqScans).toEqual([]);
    expect(plans.worst?.plan).toContain("programme_sends_feedback_asked_idx");
  });
});
