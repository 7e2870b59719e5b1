import { describe, expect, it } from "vitest";
import { placesTakenPercent } from "@/lib/cohorts/cohort-picker-rules";
import { COHORT_STATUS_LABEL, EMPTY_COHORT_CARD, cohortStatusLine, formatDeadline, weeksLabel } from "@/lib/cohorts/cohort-card-rules";

describe("weeks label (SPEC §2: duration_days / 7)", () => {
  it.each([
    [14, "2 Weeks"],
    [28, "4 Weeks"],
    [7, "1 Week"],
    [10, "1.4 Weeks"],
    [21, "3 Weeks"],
    [3, "0.4 Weeks"],
  ])("shows %i days as '%s'", (days, label) => {
    expect(weeksLabel(days)).toBe(label);
  });

  it("falls back to the 14-day default without a usable duration", () => {
    expect(weeksLabel(null)).toBe("2 Weeks");
    expect(weeksLabel(0)).toBe("2 Weeks");
    expect(weeksLabel(Number.NaN)).toBe("2 Weeks");
  });

  it("gives the placeholder card '4 Weeks' and 0 / 20", () => {
    expect(weeksLabel(EMPTY_COHORT_CARD.durationDays)).toBe("4 Weeks");
    expect(`${EMPTY_COHORT_CARD.participantCount} / ${EMPTY_COHORT_CARD.participantCap}`).toBe("0 / 20");
  });
});

describe("cohort status (SPEC §4)", () => {
  it("badges upcoming, active, postcohort and completed as Upcoming, Active, Post-Cohort, Completed", () => {
    expect(COHORT_STATUS_LABEL).toEqual({ upcoming: "Upcoming", active: "Active", postcohort: "Post-Cohort", completed: "Completed" });
  });

  const line = (
    status: "upcoming" | "active" | "postcohort" | "completed",
    extra: Partial<{ can_change: boolean; change_deadline: string | null; end_postcohort_date: string | null }> = {},
  ) =>
    cohortStatusLine(
      {
        cohort: { status, end_postcohort_date: extra.end_postcohort_date ?? null },
        can_change: extra.can_change ?? false,
        change_deadline: extra.change_deadline ?? null,
      },
      "UTC",
    );

  it("says 'Your cohort is currently active. Enjoy your journey!' for an active cohort", () => {
    expect(line("active")).toBe("Your cohort is currently active. Enjoy your journey!");
  });

  it("says 'Your cohort journey has been completed. Thank you for participating!' for a completed cohort", () => {
    expect(line("completed")).toBe("Your cohort journey has been completed. Thank you for participating!");
  });

  it("names the date post-cohort services last until", () => {
    expect(line("postcohort", { end_postcohort_date: "2026-03-01T00:00:00.000Z" })).toBe(
      "Post-cohort services are available until Mar 1, 2026.",
    );
    expect(line("postcohort")).toBe("Post-cohort services are available for a limited time.");
  });

  it("tells an upcoming member until when they can change, with the time zone", () => {
    expect(line("upcoming", { can_change: true, change_deadline: "2026-01-09T00:00:00.000Z" })).toBe(
      "You can change your cohort until Jan 9, 2026, 12:00 AM UTC",
    );
    expect(line("upcoming", { can_change: true })).toBe("You can change your cohort until 24 hours before it starts");
  });

  it("says changes are closed within 24 hours of the start", () => {
    expect(line("upcoming", { can_change: false, change_deadline: "2026-01-09T00:00:00.000Z" })).toBe(
      "Cohort changes are closed. Cohorts can be changed up to 24 hours before the start.",
    );
  });

  it("reads the deadline in the given time zone", () => {
    expect(formatDeadline("2026-01-09T00:00:00.000Z", "America/New_York")).toBe("Jan 8, 2026, 7:00 PM EST");
    expect(formatDeadline("not a date")).toBeNull();
  });
});

describe("participants bar", () => {
  it("is the share of places taken, kept within 0–100", () => {
    expect(placesTakenPercent(5, 20)).toBe(25);
    expect(placesTakenPercent(25, 20)).toBe(100);
    expect(placesTakenPercent(0, 0)).toBe(100);
  });
});
