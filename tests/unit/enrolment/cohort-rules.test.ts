import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchCohorts } from "@/components/enrolment/cohorts/use-cohorts-query";
import {
  barColour,
  cohortDateLabel,
  cohortsForTab,
  durationLabel,
  fillPercent,
  isCohortFull,
  isUpcomingCohort,
  monthTabs,
  pageCount,
  pageOf,
  selectionProblem,
  heldPlaces,
  heldPlacesNote,
} from "@/lib/cohorts/cohort-picker-rules";
import { COHORTS_LOAD_FAILED } from "@/lib/enrolment/enrolment-messages";
import { NOV_15_2025, makeCohort } from "./cohort-fixtures";
import { json } from "./test-utils";

describe("month tabs (SPEC §2)", () => {
  it("are All, the current month and the next three", () => {
    expect(monthTabs(NOV_15_2025).map((t) => t.label)).toEqual(["All", "November", "December", "January", "February"]);
    expect(monthTabs(NOV_15_2025).map((t) => t.key)).toEqual(["all", "2025-11", "2025-12", "2026-01", "2026-02"]);
  });

  it("count from the browser's current month, on the last day of a month too", () => {
    expect(monthTabs(new Date(2026, 0, 31, 23, 59)).map((t) => t.label)).toEqual(["All", "January", "February", "March", "April"]);
  });

  it("put a cohort under the month of its start; undated cohorts only under All", () => {
    const nov = makeCohort({ start_cohort_date: "2025-11-30T00:00:00.000Z" });
    const dec = makeCohort({ start_cohort_date: "2025-12-01T00:00:00.000Z" });
    const undated = makeCohort({ start_cohort_date: null, end_cohort_date: null });
    const all = [nov, dec, undated];
    expect(cohortsForTab(all, "all")).toEqual(all);
    expect(cohortsForTab(all, "2025-11")).toEqual([nov]);
    expect(cohortsForTab(all, "2025-12")).toEqual([dec]);
    expect(cohortsForTab(all, "2026-01")).toEqual([]);
  });
});

describe("pagination (SPEC §9: 4 per page)", () => {
  it.each([
    [0, 1],
    [1, 1],
    [4, 1],
    [5, 2],
    [9, 3],
  ])("%i cohorts make %i page(s)", (total, pages) => {
    expect(pageCount(total)).toBe(pages);
  });

  it("slices 4 at a time and clamps the page into range", () => {
    const items = [1, 2, 3, 4, 5, 6];
    expect(pageOf(items, 1)).toEqual([1, 2, 3, 4]);
    expect(pageOf(items, 2)).toEqual([5, 6]);
    expect(pageOf(items, 7)).toEqual([5, 6]);
    expect(pageOf(items, 0)).toEqual([1, 2, 3, 4]);
  });
});

describe("full cohorts and the bar (SPEC §2, §5, §9)", () => {
  it("is full when prospective participants reach the cap", () => {
    expect(isCohortFull(makeCohort({ participant_cap: 20, prospective_participant_count: 19 }))).toBe(false);
    expect(isCohortFull(makeCohort({ participant_cap: 20, prospective_participant_count: 20 }))).toBe(true);
    expect(isCohortFull(makeCohort({ participant_cap: 20, prospective_participant_count: 21 }))).toBe(true);
  });

  it.each([
    [0, "green"],
    [49.9, "green"],
    [50, "yellow"],
    [89.9, "yellow"],
    [90, "red"],
    [100, "red"],
  ] as const)("is %s%% → %s", (percent, colour) => {
    expect(barColour(percent)).toBe(colour);
  });

  it("counts held places from the API, or as prospective minus paid participants when it does not say", () => {
    expect(heldPlaces(makeCohort({ participant_count: 3, prospective_participant_count: 7, held_participant_count: 4 }))).toBe(4);
    expect(heldPlaces(makeCohort({ participant_count: 3, prospective_participant_count: 7 }))).toBe(4);
    expect(heldPlaces(makeCohort({ participant_count: 7, prospective_participant_count: 7 }))).toBe(0);
    expect(heldPlacesNote(makeCohort({ participant_cap: 20, participant_count: 19, prospective_participant_count: 20 }))).toBe(
      "The last place is held by someone checking out. It may free up, so check back soon.",
    );
    expect(heldPlacesNote(makeCohort({ participant_cap: 20, participant_count: 10, prospective_participant_count: 13 }))).toBe(
      "3 places are held by people checking out and may free up.",
    );
  });

  it("measures prospective participants against the cap", () => {
    expect(fillPercent(makeCohort({ participant_cap: 20, prospective_participant_count: 9 }))).toBe(45);
    expect(fillPercent(makeCohort({ participant_cap: 20, prospective_participant_count: 30 }))).toBe(100);
    expect(fillPercent(makeCohort({ participant_cap: 0, prospective_participant_count: 0 }))).toBe(100);
  });
});

describe("card labels (SPEC §2)", () => {
  it("shows 'N Days Program', 14 when the duration is missing", () => {
    expect(durationLabel(21)).toBe("21 Days Program");
    expect(durationLabel(null)).toBe("14 Days Program");
    expect(durationLabel(undefined)).toBe("14 Days Program");
    expect(durationLabel(0)).toBe("14 Days Program");
  });

  it("shows 'Dates to be announced' when a cohort has no start", () => {
    expect(cohortDateLabel({ start_cohort_date: null, end_cohort_date: null })).toBe("Dates to be announced");
    expect(cohortDateLabel({ start_cohort_date: "not a date", end_cohort_date: null })).toBe("Dates to be announced");
  });

  it("shows start–end, with 'TBD' for a missing end", () => {
    expect(cohortDateLabel({ start_cohort_date: "2025-12-05T00:00:00.000Z", end_cohort_date: "2025-12-19T00:00:00.000Z" })).toBe(
      "Dec 5, 2025 – Dec 19, 2025",
    );
    expect(cohortDateLabel({ start_cohort_date: "2025-12-05T00:00:00.000Z", end_cohort_date: null })).toBe("Dec 5, 2025 – TBD");
  });
});

describe("which cohorts can be chosen", () => {
  it("offers only upcoming cohorts that have not started", () => {
    expect(isUpcomingCohort(makeCohort(), NOV_15_2025)).toBe(true);
    expect(isUpcomingCohort(makeCohort({ start_cohort_date: null }), NOV_15_2025)).toBe(true);
    expect(isUpcomingCohort(makeCohort({ start_cohort_date: "2025-11-01T00:00:00.000Z" }), NOV_15_2025)).toBe(false);
    expect(isUpcomingCohort(makeCohort({ status: "active" }), NOV_15_2025)).toBe(false);
  });

  it("says why a remembered cohort cannot be kept", () => {
    const open = makeCohort();
    const full = makeCohort({ prospective_participant_count: 20 });
    const started = makeCohort({ start_cohort_date: "2025-11-01T00:00:00.000Z" });
    const list = [open, full, started];
    expect(selectionProblem(open.id, list, NOV_15_2025)).toBeNull();
    expect(selectionProblem(full.id, list, NOV_15_2025)).toBe("full");
    expect(selectionProblem(started.id, list, NOV_15_2025)).toBe("unavailable");
    expect(selectionProblem("gone", list, NOV_15_2025)).toBe("unavailable");
  });
});

describe("the cohort list response", () => {
  afterEach(() => vi.unstubAllGlobals());
  const answer = (body: unknown) => vi.stubGlobal("fetch", vi.fn().mockResolvedValue(json(200, body)));

  it("keeps the cohorts with the spec's shape and leaves out the rest", async () => {
    const good = makeCohort({ duration_days: null });
    answer({ data: [good, { id: "x" }, null] });
    expect(await fetchCohorts("en")).toEqual([good]);
  });

  it("fills a missing description and duration", async () => {
    const raw: Record<string, unknown> = { ...makeCohort() };
    delete raw.cohort_description;
    delete raw.duration_days;
    answer({ data: [raw] });
    expect((await fetchCohorts("en"))[0]).toMatchObject({ cohort_description: "", duration_days: null });
  });

  it("is no list without a data array", async () => {
    answer({ error: "nope" });
    await expect(fetchCohorts("en")).rejects.toThrow(COHORTS_LOAD_FAILED);
    answer(null);
    await expect(fetchCohorts("en")).rejects.toThrow(COHORTS_LOAD_FAILED);
  });
});
