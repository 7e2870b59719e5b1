import { describe, expect, it } from "vitest";
import {
  capacityProblem,
  cohortDateProblems,
  cohortDurationDays,
  cohortSeats,
  dayOf,
  isCalendarDay,
  newCohortStartProblem,
} from "@/lib/operator/cohort-rules";
import { cohortFieldsSchema } from "@/lib/operator/operator-cohort-schemas";
import { changedFields } from "@/lib/operator/audit-entry";

const days = (start: string | null, end: string | null, postcohortEnd: string | null = null) => ({ start, end, postcohortEnd });

describe("a cohort's dates", () => {
  it("are in order: start, then end, then the post-cohort end", () => {
    expect(cohortDateProblems(days("2027-01-04", "2027-01-18", "2027-02-17"))).toEqual([]);
    expect(cohortDateProblems(days(null, null))).toEqual([]);
    expect(cohortDateProblems(days("2027-01-04", null))).toEqual([]);
    expect(cohortDateProblems(days("2027-01-04", "2027-01-18", "2027-01-18"))).toEqual([]);
  });

  it("refuses an end on or before the start, and an end without a start", () => {
    expect(cohortDateProblems(days("2027-01-04", "2027-01-04"))).toEqual([
      { field: "end_cohort_date", message: "The last day must be on or after the first day." },
    ]);
    expect(cohortDateProblems(days("2027-01-04", "2027-01-03"))).toEqual([
      { field: "end_cohort_date", message: "The last day must be on or after the first day." },
    ]);
    expect(cohortDateProblems(days(null, "2027-01-03"))).toEqual([
      { field: "end_cohort_date", message: "Set the first day before the last day." },
    ]);
  });

  it("refuses a cohort longer than 365 days (the database's duration bound)", () => {
    expect(cohortDateProblems(days("2027-01-01", "2028-01-01"))).toEqual([]);
    expect(cohortDateProblems(days("2027-01-01", "2028-01-02"))).toEqual([
      { field: "end_cohort_date", message: "A cohort can last at most 365 days." },
    ]);
  });

  it("refuses a post-cohort end before the end, or without one", () => {
    expect(cohortDateProblems(days("2027-01-04", "2027-01-18", "2027-01-17"))).toEqual([
      { field: "end_postcohort_date", message: "The post-cohort end date must be after the last day." },
    ]);
    expect(cohortDateProblems(days("2027-01-04", null, "2027-02-17"))).toEqual([
      { field: "end_postcohort_date", message: "Set the last day before a post-cohort end date." },
    ]);
  });

  it("knows a calendar day from a date-shaped string", () => {
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("2027-02-29")).toBe(false);
    expect(isCalendarDay("2027-1-04")).toBe(false);
    expect(dayOf("2027-01-04T00:00:00.000Z")).toBe("2027-01-04");
    expect(dayOf(null)).toBeNull();
  });

  it("lets a new cohort start tomorrow at the earliest, or be undated", () => {
    expect(newCohortStartProblem("2027-01-05", "2027-01-04")).toBeNull();
    expect(newCohortStartProblem(null, "2027-01-04")).toBeNull();
    expect(newCohortStartProblem("2027-01-04", "2027-01-04")).toEqual({
      field: "start_cohort_date",
      message: "A new cohort must start after today.",
    });
  });

  it("gives the duration in days from start to end, else keeps the cohort's own (the spec's 14 by default)", () => {
    expect(cohortDurationDays({ start: "2027-01-04", end: "2027-01-25" })).toBe(21);
    expect(cohortDurationDays({ start: "2027-03-20", end: "2027-04-03" })).toBe(14);
    expect(cohortDurationDays({ start: "2027-01-04", end: null })).toBe(14);
    expect(cohortDurationDays({ start: "2027-01-04", end: null }, 21)).toBe(21);
  });
});

describe("a cohort's capacity and seats", () => {
  it("may shrink to the seats taken but not below", () => {
    expect(capacityProblem(7, 7)).toBeNull();
    expect(capacityProblem(6, 7)).toEqual({
      field: "participant_cap",
      message: "Capacity cannot be below the seats already taken: 7 seats are paid or held.",
    });
    expect(capacityProblem(0, 1)?.message).toBe("Capacity cannot be below the seats already taken: 1 seat is paid or held.");
  });

  it("counts enrolled seats as paid, the other prospective ones as held, the rest as free", () => {
    expect(cohortSeats({ participantCap: 20, participantCount: 5, prospectiveCount: 7 })).toEqual({ paid: 5, held: 2, free: 13 });
    expect(cohortSeats({ participantCap: 7, participantCount: 7, prospectiveCount: 7 })).toEqual({ paid: 7, held: 0, free: 0 });
  });
});

describe("the cohort form's schema (shared by the form and the routes)", () => {
  it("takes the form's strings: empty dates are none, the capacity a whole number", () => {
    const parsed = cohortFieldsSchema.parse({
      cohort_name: "  Spring Cohort ",
      language: "es",
      start_cohort_date: "2027-04-05",
      end_cohort_date: "",
      end_postcohort_date: "",
      participant_cap: "24",
    });
    expect(parsed).toEqual({
      cohort_name: "Spring Cohort",
      cohort_description: "",
      language: "es",
      start_cohort_date: "2027-04-05",
      end_cohort_date: null,
      end_postcohort_date: null,
      participant_cap: 24,
      draft: false,
    });
  });

  it("names each field that is wrong", () => {
    const result = cohortFieldsSchema.safeParse({
      cohort_name: "",
      language: "english",
      start_cohort_date: "2027-02-30",
      participant_cap: "2.5",
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["cohort_name", "Enter the cohort's name."],
      ["language", "Use a language code such as en or es."],
      ["start_cohort_date", "Use a date such as 2027-01-31."],
      ["participant_cap", "Enter the capacity as a whole number."],
    ]);
    expect(cohortFieldsSchema.safeParse({ cohort_name: "A", language: "en", participant_cap: "" }).error!.issues[0]!.message).toBe(
      "The capacity must be at least 1.",
    );
  });

  it("refuses dates out of order with the date rules' words", () => {
    const result = cohortFieldsSchema.safeParse({
      cohort_name: "A",
      language: "en",
      start_cohort_date: "2027-04-05",
      end_cohort_date: "2027-04-01",
      participant_cap: 5,
    });
    expect(result.error!.issues).toEqual([
      expect.objectContaining({ path: ["end_cohort_date"], message: "The last day must be on or after the first day." }),
    ]);
  });
});

describe("an audit entry's change", () => {
  it("lists the fields whose value differs, and every field of a creation", () => {
    expect(changedFields({ before: { a: 1, b: "x", c: null }, after: { a: 1, b: "y", c: null } })).toEqual(["b"]);
    expect(changedFields({ before: null, after: { a: 1, b: null } })).toEqual(["a", "b"]);
    expect(changedFields({ before: { a: 1 }, after: { a: 1 } })).toEqual([]);
  });
});
