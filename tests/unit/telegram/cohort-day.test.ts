import { describe, expect, it } from "vitest";
import type { CohortDates } from "@/lib/cohorts/cohort-phase";
import { dayPlan, todayMessage } from "@/lib/telegram/cohort-day";

const at = (iso: string) => new Date(iso);
// A cohort whose stored status was never moved on: /today goes by the dates, as the dashboard's card does.
const winter = {
  cohort_name: "Winter cohort",
  status: "upcoming",
  start_cohort_date: "2026-12-01T00:00:00Z",
  end_cohort_date: "2026-12-15T00:00:00Z",
  end_postcohort_date: "2027-01-15T00:00:00Z",
  duration_days: 14,
} satisfies CohortDates & { cohort_name: string };

describe("todayMessage (SPEC §9: 14 days, 7 observe + 7 experiment)", () => {
  it("counts the start day as day 1 and observes for days 1–7", () => {
    expect(todayMessage(winter, at("2026-12-01T08:00:00Z"), "UTC")).toBe(
      `Winter cohort: day 1 of 14, observe week (days 1–7).\nToday's plan: ${dayPlan(1)}`,
    );
    expect(todayMessage(winter, at("2026-12-07T23:59:59Z"), "UTC")).toContain("day 7 of 14, observe week");
  });

  it("names the cohort, the day of 14, the experiment week and the day's plan", () => {
    expect(todayMessage(winter, at("2026-12-09T10:00:00Z"), "UTC")).toBe(
      `Winter cohort: day 9 of 14, experiment week (days 8–14).\nToday's plan: ${dayPlan(9)}`,
    );
    expect(todayMessage(winter, at("2026-12-14T23:00:00Z"), "UTC")).toContain("day 14 of 14, experiment week");
  });

  it("says when the cohort starts, or that it has no date", () => {
    expect(todayMessage(winter, at("2026-11-30T10:00:00Z"), "UTC")).toBe(
      "You are in Winter cohort. It starts in 1 day: get your CGM ready.",
    );
    expect(todayMessage(winter, at("2026-11-28T10:00:00Z"), "UTC")).toBe(
      "You are in Winter cohort. It starts in 3 days: get your CGM ready.",
    );
    expect(todayMessage({ ...winter, start_cohort_date: null }, at("2026-11-30T10:00:00Z"), "UTC")).toBe(
      "You are in Winter cohort. Its start date has not been announced yet.",
    );
  });

  it("agrees with the dashboard's card after the bootcamp: post-cohort support, then completed", () => {
    expect(todayMessage(winter, at("2026-12-20T10:00:00Z"), "UTC")).toBe(
      "You are in Winter cohort. The 14-day bootcamp is over: well done! Post-cohort services are available until Jan 15, 2027.",
    );
    expect(todayMessage(winter, at("2027-02-01T10:00:00Z"), "UTC")).toBe(
      "You are in Winter cohort. The 14-day bootcamp is over: well done!",
    );
  });

  it("turns the day at the member's midnight when their time zone is known", () => {
    // 23:30 UTC on 1 December is already 2 December in Berlin.
    expect(todayMessage(winter, at("2026-12-01T23:30:00Z"), "Europe/Berlin")).toContain("day 2 of 14");
    expect(todayMessage(winter, at("2026-12-01T23:30:00Z"), "UTC")).toContain("day 1 of 14");
    // 23:30 UTC on 1 December is still 1 December in Los Angeles too, and 30 November in Pago Pago.
    expect(todayMessage(winter, at("2026-12-01T23:30:00Z"), "America/Los_Angeles")).toContain("day 1 of 14");
    expect(todayMessage(winter, at("2026-12-01T10:30:00Z"), "Pacific/Pago_Pago")).toBe(
      "You are in Winter cohort. It starts in 1 day: get your CGM ready.",
    );
  });

  it("has a distinct plan for each of the 14 days", () => {
    const plans = Array.from({ length: 14 }, (_, i) => dayPlan(i + 1));
    expect(new Set(plans).size).toBe(14);
    expect(dayPlan(0)).toBe(plans[0]);
    expect(dayPlan(99)).toBe(plans[13]);
  });
});
