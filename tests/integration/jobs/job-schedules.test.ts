import { describe, expect, it } from "vitest";
import { jobEngine } from "@/server/jobs/job-engine";
import { JOB_HANDLERS } from "@/server/jobs/job-registry";
import { startJobWorkers } from "@/server/jobs/job-workers";

const NAMES = [
  "cohort-status",
  "lapsed-seat-holds",
  "lapsed-waitlist-offers",
  "orphaned-story-uploads",
  "prune-old-records",
  "stripe-reconciliation",
  "fold-order-totals",
];

// D16: periodic work is the job engine's schedule, registered by every process that runs workers.
describe("scheduled work", () => {
  it("registers the cohort-status, lapsed-seat-holds, lapsed-waitlist-offers, orphaned-story-uploads, prune-old-records, stripe-reconciliation and fold-order-totals schedules", async () => {
    for (const name of NAMES) await jobEngine().unschedule(name);
    await startJobWorkers(JOB_HANDLERS);
    const schedules = await jobEngine().getSchedules();
    const cron = Object.fromEntries(schedules.map((schedule) => [schedule.name, schedule.cron]));
    expect(cron).toMatchObject({
      "cohort-status": "*/5 * * * *",
      "lapsed-seat-holds": "* * * * *",
      "lapsed-waitlist-offers": "* * * * *",
      "orphaned-story-uploads": "*/30 * * * *",
      "prune-old-records": "17 * * * *",
      "stripe-reconciliation": "*/15 * * * *",
      "fold-order-totals": "* * * * *",
    });
    expect(schedules.filter((schedule) => NAMES.includes(schedule.name)).map((schedule) => schedule.options?.tz)).toEqual(
      NAMES.map(() => "UTC"),
    );
  });
});
