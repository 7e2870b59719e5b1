import { describe, expect, it } from "vitest";
import { cohortDay, dayPlan, todayMessage } from "@/lib/telegram/cohort-day";

const start = new Date("2026-12-01T00:00:00Z");
const at = (iso: string) => new Date(iso);

describe("cohortDay (SPEC §9: 14 days, 7 observe + 7 experiment)", () => {
  it("counts the start day as day 1 and observes for days 1–7", () => {
    expect(cohortDay(start, at("2026-12-01T08:00:00Z"))).toEqual({ kind: "day", day: 1, phase: "observe" });
    expect(cohortDay(start, at("2026-12-07T23:59:59Z"))).toEqual({ kind: "day", day: 7, phase: "observe" });
  });

  it("experiments on days 8–14", () => {
    expect(cohortDay(start, at("2026-12-08T00:00:00Z"))).toEqual({ kind: "day", day: 8, phase: "experiment" });
    expect(cohortDay(start, at("2026-12-14T12:00:00Z"))).toEqual({ kind: "day", day: 14, phase: "experiment" });
  });

  it("is not started before day 1 and finished after day 14", () => {
    expect(cohortDay(start, at("2026-11-29T12:00:00Z"))).toEqual({ kind: "not_started", daysUntilStart: 2 });
    expect(cohortDay(start, at("2026-12-15T00:00:00Z"))).toEqual({ kind: "finished" });
  });
});

describe("todayMessage", () => {
  it("names the cohort, the day of 14, the phase and the day's plan", () => {
    expect(todayMessage("Winter cohort", start, at("2026-12-09T10:00:00Z"))).toBe(
      `Winter cohort: day 9 of 14, experiment week (days 8–14).\nToday's plan: ${dayPlan(9)}`,
    );
  });

  it("says when the cohort starts, or that it has no date", () => {
    expect(todayMessage("Winter cohort", start, at("2026-11-30T10:00:00Z"))).toBe("You are in Winter cohort. It starts in 1 day: get your CGM ready.");
    expect(todayMessage("Winter cohort", null, at("2026-11-30T10:00:00Z"))).toBe("You are in Winter cohort. Its start date has not been announced yet.");
  });

  it("has a distinct plan for each of the 14 days", () => {
    const plans = Array.from({ length: 14 }, (_, i) => dayPlan(i + 1));
    expect(new Set(plans).size).toBe(14);
    expect(dayPlan(0)).toBe(plans[0]);
    expect(dayPlan(99)).toBe(plans[13]);
  });
});
