import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { advanceCohortStatuses } from "@/server/scheduled/cohort-status-by-date";
import { suiteSql } from "../../fixtures/db";

const sql = suiteSql();

const DAY = 86_400_000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY);

/** A cohort with the given dates (days from now; null: not set) and status. */
async function cohort(
  status: string,
  dates: { start: number | null; end?: number | null; postcohortEnd?: number | null; durationDays?: number },
): Promise<string> {
  const id = randomUUID();
  const at = (days: number | null | undefined) => (days === null || days === undefined ? null : daysFromNow(days));
  await sql`
    insert into public.cohorts (id, cohort_name, status, start_cohort_date, end_cohort_date, end_postcohort_date, duration_days, participant_cap)
    values (${id}, ${`Dated cohort ${id.slice(0, 8)}`}, ${status}, ${at(dates.start)}, ${at(dates.end)}, ${at(dates.postcohortEnd)},
      ${dates.durationDays ?? 14}, 20)`;
  return id;
}

async function statusOf(id: string): Promise<string> {
  const [row] = await sql<{ status: string }[]>`select status from public.cohorts where id = ${id}`;
  return row!.status;
}

describe("the cohort-status job: a cohort's status follows its dates", () => {
  it("makes a cohort whose start date has passed active, and leaves one that has not started upcoming", async () => {
    const started = await cohort("upcoming", { start: -1, end: 13 });
    const notYet = await cohort("upcoming", { start: 2, end: 16 });
    expect(await advanceCohortStatuses()).toBeGreaterThanOrEqual(1);
    expect(await statusOf(started)).toBe("active");
    expect(await statusOf(notYet)).toBe("upcoming");
  });

  it("moves a cohort past its end date to postcohort, and past its post-cohort period to completed", async () => {
    const ended = await cohort("active", { start: -20, end: -6 });
    const postcohortOver = await cohort("postcohort", { start: -20, end: -6, postcohortEnd: -1 });
    const longAgo = await cohort("active", { start: -60, end: -46 });
    await advanceCohortStatuses();
    expect(await statusOf(ended)).toBe("postcohort");
    expect(await statusOf(postcohortOver)).toBe("completed");
    // No end_postcohort_date: the post-cohort period is 30 days after the end.
    expect(await statusOf(longAgo)).toBe("completed");
  });

  it("takes the end as the start plus the cohort's duration when no end date is set", async () => {
    const running = await cohort("upcoming", { start: -3, durationDays: 14 });
    const over = await cohort("active", { start: -20, durationDays: 14 });
    await advanceCohortStatuses();
    expect(await statusOf(running)).toBe("active");
    expect(await statusOf(over)).toBe("postcohort");
  });

  it("follows dates that moved later: a postponed cohort is upcoming again", async () => {
    const postponed = await cohort("active", { start: 7, end: 21 });
    await advanceCohortStatuses();
    expect(await statusOf(postponed)).toBe("upcoming");
  });

  it("leaves a cohort without dates as it is", async () => {
    const undatedUpcoming = await cohort("upcoming", { start: null });
    const undatedActive = await cohort("active", { start: null });
    await advanceCohortStatuses();
    expect(await statusOf(undatedUpcoming)).toBe("upcoming");
    expect(await statusOf(undatedActive)).toBe("active");
  });

  it("changes nothing on a second run", async () => {
    await cohort("upcoming", { start: -1, end: 13 });
    await advanceCohortStatuses();
    expect(await advanceCohortStatuses()).toBe(0);
  });
});
