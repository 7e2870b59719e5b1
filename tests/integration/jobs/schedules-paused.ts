import { beforeAll } from "vitest";
import { jobEngine } from "@/server/jobs/job-engine";
import { JOB_SCHEDULES } from "@/server/jobs/job-handlers";

/**
 * For a file that runs a scheduled job itself: the schedule's own ticks are stopped first, so the
 * job the test calls is the one that does the work (the next file's startJobWorkers restores them).
 */
export function pauseSchedules(): void {
  beforeAll(async () => {
    for (const { name } of JOB_SCHEDULES) await jobEngine().unschedule(name);
  });
}
