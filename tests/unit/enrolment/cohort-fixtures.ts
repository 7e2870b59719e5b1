import type { Cohort } from "@/lib/cohorts/cohort-schemas";

let counter = 0;

/** An upcoming cohort with sensible defaults; ids are valid UUIDs so checkout accepts them. */
export function makeCohort(overrides: Partial<Cohort> = {}): Cohort {
  counter += 1;
  const suffix = String(counter).padStart(12, "0");
  const cohort: Omit<Cohort, "held_participant_count"> & Partial<Cohort> = {
    id: `0c0a0000-0000-4000-8000-${suffix}`,
    cohort_name: `Cohort ${counter}`,
    cohort_description: `Description ${counter}`,
    status: "upcoming",
    start_cohort_date: "2025-11-20T00:00:00.000Z",
    end_cohort_date: "2025-12-04T00:00:00.000Z",
    end_postcohort_date: null,
    duration_days: 14,
    participant_cap: 20,
    participant_count: 0,
    prospective_participant_count: 2,
    ...overrides,
  };
  // As the API derives it: places taken by checkouts not paid yet.
  return { held_participant_count: cohort.prospective_participant_count - cohort.participant_count, ...cohort };
}

/** 15 November 2025, noon, in the browser's own time zone. */
export const NOV_15_2025 = new Date(2025, 10, 15, 12);
