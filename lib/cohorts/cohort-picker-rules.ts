import { isOpenForEnrolment } from "./cohort-change-rules";
import type { Cohort } from "./cohort-schemas";

// SPEC §2 Cohort picker and §9 Payment, cohorts and terms.
export const COHORT_PAGE_SIZE = 4;
export const DEFAULT_DURATION_DAYS = 14;
export const MONTHS_AHEAD = 3;
export const ALL_TAB = "all";

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

export type CohortTab = { key: string; label: string };
export type BarColour = "green" | "yellow" | "red";

function monthKey(year: number, monthIndex: number): string {
  return `${year}-${String(monthIndex + 1).padStart(2, "0")}`;
}

function parseDate(iso: string | null): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'All', then the current month and the next three, from the browser's own calendar. */
export function monthTabs(now: Date): CohortTab[] {
  const tabs: CohortTab[] = [{ key: ALL_TAB, label: "All" }];
  for (let offset = 0; offset <= MONTHS_AHEAD; offset++) {
    const month = new Date(now.getFullYear(), now.getMonth() + offset, 1);
    tabs.push({ key: monthKey(month.getFullYear(), month.getMonth()), label: MONTH_NAMES[month.getMonth()]! });
  }
  return tabs;
}

/**
 * The month a cohort belongs to: that of its start. Cohort dates are calendar days kept at
 * midnight UTC, so they are read in UTC; otherwise a visitor west of Greenwich would see a cohort
 * starting on the 1st under the previous month. Undated cohorts belong to no month.
 */
export function cohortMonthKey(cohort: Cohort): string | null {
  const start = parseDate(cohort.start_cohort_date);
  return start ? monthKey(start.getUTCFullYear(), start.getUTCMonth()) : null;
}

/** SPEC §2: only upcoming cohorts are offered: status upcoming and not yet started. */
export function isUpcomingCohort(cohort: Cohort, now: Date): boolean {
  return isOpenForEnrolment({ status: cohort.status, startsAt: parseDate(cohort.start_cohort_date) }, now);
}

/** The cohorts under a tab: all of them under 'All', else those starting in that month. */
export function cohortsForTab(cohorts: readonly Cohort[], tabKey: string): Cohort[] {
  return tabKey === ALL_TAB ? [...cohorts] : cohorts.filter((c) => cohortMonthKey(c) === tabKey);
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / COHORT_PAGE_SIZE));
}

/** Page `page` (1-based, clamped into range) of the items, 4 per page. */
export function pageOf<T>(items: readonly T[], page: number): T[] {
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount(items.length));
  return items.slice((current - 1) * COHORT_PAGE_SIZE, current * COHORT_PAGE_SIZE);
}

/** SPEC §5: a cohort is full when prospective_participant_count is at or above participant_cap. */
export function isCohortFull(cohort: Cohort): boolean {
  return cohort.prospective_participant_count >= cohort.participant_cap;
}

/** Places held by people still checking out: counted as taken, yet free again if those checkouts are not paid. */
export function heldPlaces(cohort: Cohort): number {
  return Math.max(0, cohort.held_participant_count);
}

/**
 * Ours: the honest word on held places. A cohort whose remaining places are all held is 'Full'
 * (SPEC §5) for now, but not for good: it says so.
 */
export function heldPlacesNote(cohort: Cohort): string | null {
  const held = heldPlaces(cohort);
  if (held === 0) return null;
  if (isCohortFull(cohort)) {
    return held === 1
      ? "The last place is held by someone checking out. It may free up, so check back soon."
      : `The last ${held} places are held by people checking out. They may free up, so check back soon.`;
  }
  return held === 1
    ? "1 place is held by someone checking out and may free up."
    : `${held} places are held by people checking out and may free up.`;
}

/** How many of `cap` places `taken` fills, 0–100. */
export function placesTakenPercent(taken: number, cap: number): number {
  if (cap <= 0) return 100;
  return Math.min(100, Math.max(0, (taken / cap) * 100));
}

/** How full the cohort is for a newcomer (held and enrolled seats), 0–100. */
export function fillPercent(cohort: Cohort): number {
  return placesTakenPercent(cohort.prospective_participant_count, cohort.participant_cap);
}

/** SPEC §9: the cohort's length in days, 14 when it has no usable duration. */
export function durationDaysOrDefault(durationDays: number | null | undefined): number {
  return typeof durationDays === "number" && Number.isInteger(durationDays) && durationDays > 0 ? durationDays : DEFAULT_DURATION_DAYS;
}

/** SPEC §2: green under 50%, yellow under 90%, red from 90%. */
export function barColour(percent: number): BarColour {
  if (percent < 50) return "green";
  if (percent < 90) return "yellow";
  return "red";
}

/** 'N Days Program', 14 days when the cohort has no usable duration. */
export function durationLabel(durationDays: number | null | undefined): string {
  return `${durationDaysOrDefault(durationDays)} Days Program`;
}

// Made on first use, not on import: a browser's first date formatter loads its date data (15–40 ms
// measured in Chromium here), which a page showing no cohort date should not pay while it starts.
let dateFormat: Intl.DateTimeFormat | undefined;

/** "Dec 5, 2025", or null when there is no (readable) date. */
export function formatCohortDate(iso: string | null): string | null {
  const date = parseDate(iso);
  if (!date) return null;
  dateFormat ??= new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
  return dateFormat.format(date);
}

/** SPEC §2: start–end; 'Dates to be announced' without a start, 'TBD' for a missing end. */
export function cohortDateLabel(cohort: { start_cohort_date: string | null; end_cohort_date: string | null }): string {
  const start = formatCohortDate(cohort.start_cohort_date);
  if (!start) return "Dates to be announced";
  return `${start} – ${formatCohortDate(cohort.end_cohort_date) ?? "TBD"}`;
}

export type SelectionProblem = "unavailable" | "full";

/**
 * Why a remembered cohort can no longer be chosen: gone from the list or started ('unavailable'),
 * or full. Null when it still can.
 */
export function selectionProblem(cohortId: string, cohorts: readonly Cohort[], now: Date): SelectionProblem | null {
  const cohort = cohorts.find((c) => c.id === cohortId);
  if (!cohort || !isUpcomingCohort(cohort, now)) return "unavailable";
  return isCohortFull(cohort) ? "full" : null;
}
