import { describe, expect, it } from "vitest";
import { seed } from "../../../scripts/migrate";
import { getOperatorCohort, listCohortsTakingSeats } from "@/server/db/operator/operator-cohorts";
import { listParticipantRows } from "@/server/db/operator/operator-participants";
import { suiteSql } from "../../fixtures/db";

// The seeded cohorts as an operator reads them: capacity, paid, held and free agree with the seats
// that the participant list shows, in the cohort's page and in the move-seat list alike.
const sql = suiteSql();
const AUTUMN = "0c0a0000-0000-4000-8000-000000000009";

async function seededCohortIds(): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`select id from cohorts where id::text like '0c0a0000-0000-4000-8000-00000000000_' order by id`;
  return rows.map((row) => row.id);
}

async function expectFiguresMatchSeats() {
  const ids = await seededCohortIds();
  expect(ids).toHaveLength(9);
  const takingSeats = new Map((await listCohortsTakingSeats()).map((cohort) => [cohort.id, cohort]));
  for (const id of ids) {
    const cohort = (await getOperatorCohort(id))!;
    const participants = await listParticipantRows(id);
    const paid = participants.filter((p) => p.seat_status === "enrolled").length;
    const held = participants.filter((p) => p.seat_status === "held").length;
    expect({ id, ...cohort.seats }).toEqual({ id, paid, held, free: cohort.participant_cap - paid - held });
    expect(takingSeats.get(id)?.seats).toEqual(cohort.seats);
  }
}

describe("the seeded cohorts", () => {
  it("count as paid only the places their participant lists show, so the running cohort has 2 free, not 20", async () => {
    await seed(sql);
    const autumn = (await getOperatorCohort(AUTUMN))!;
    expect(autumn.participant_cap).toBe(20);
    expect(autumn.seats).toEqual({ paid: 18, held: 0, free: 2 });
    expect(await listParticipantRows(AUTUMN)).toHaveLength(18);
    await expectFiguresMatchSeats();
  });

  it("keep their seats and figures when seeded again, and mend a database seeded with counters but no seats", async () => {
    await seed(sql);
    await expectFiguresMatchSeats();
    // What the earlier seed left: counters with no seat behind them.
    await sql`delete from cohort_seats where cohort_id = ${AUTUMN}`;
    await sql`update cohorts set participant_count = 18, prospective_participant_count = 0 where id = ${AUTUMN}`;
    await seed(sql);
    expect((await getOperatorCohort(AUTUMN))!.seats).toEqual({ paid: 18, held: 0, free: 2 });
    await expectFiguresMatchSeats();
  });
});
