import { BOOTCAMP_DAYS, OBSERVE_DAYS } from "@/lib/cohorts/bootcamp-days";
import { localDay, type CohortDates } from "@/lib/cohorts/cohort-phase";
import type { KeysetCursor } from "@/lib/paging/keyset-cursor";
import { bootcampDays } from "./programme-schedule";

// What the operator's cohort page says about the programme (docs/programme.md): what went out, what
// is next on the cohort's dates, who was moved to email, and the feedback received.

const DAY_MS = 86_400_000;

/**
 * A programme message as the operator reads it: "Day 4's morning plan", "The day-before reminder";
 * the mornings of day 7 and of the last day carry the review.
 */
export function programmeMessageLabel(message: string, day: number | null, totalDays: number = BOOTCAMP_DAYS): string {
  switch (message) {
    case "enrolled":
      return "The welcome on enrolment";
    case "week-before":
      return "The week-before reminder";
    case "day-before":
      return "The day-before reminder";
    case "morning":
      if (day === null) return "A morning plan";
      return day === OBSERVE_DAYS || day === totalDays ? `Day ${day}'s review` : `Day ${day}'s morning plan`;
    case "feedback":
      return "The feedback question";
    case "story-invite":
      return "The story invitation and referral link";
    default:
      return message;
  }
}

export type NextProgrammeMessage = { message: string; day: number | null; label: string; date: string; when: string };

export const NEXT_MESSAGE_NOTE =
  "Counted on the UTC calendar. Each member gets it on their own calendar date at their own hour (08:00 unless they chose another), so a member far east or west of UTC may get it a day earlier or later. The welcome goes soon after each enrolment.";

const dateLabel = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

function whenText(date: number, today: number): string {
  if (date === today) return "today, at each member's hour";
  if (date === today + 1) return "tomorrow, at each member's hour";
  return `${dateLabel.format(new Date(date * DAY_MS))} (in ${date - today} days), at each member's hour`;
}

/** The cohort's first day (a day number) and its number of bootcamp days, as the programme counts them; null without a start. */
export function programmeDays(cohort: CohortDates): { start: number; total: number } | null {
  if (!cohort.start_cohort_date) return null;
  const startTime = new Date(cohort.start_cohort_date).getTime();
  if (Number.isNaN(startTime)) return null;
  const start = Math.floor(startTime / DAY_MS);
  const endTime = cohort.end_cohort_date ? new Date(cohort.end_cohort_date).getTime() : Number.NaN;
  return { start, total: bootcampDays(start, Number.isNaN(endTime) ? null : Math.floor(endTime / DAY_MS), cohort.duration_days) };
}

/**
 * The cohort's next two dated programme messages on or after today's UTC date: the week-before and
 * day-before reminders, each day's morning plan (the review on days 7 and 14), the feedback
 * question the day after the last day and the story invitation the day after that. Empty without a
 * start date or once all of it has gone.
 */
export function nextProgrammeMessages(cohort: CohortDates, now: Date): NextProgrammeMessage[] {
  const days = programmeDays(cohort);
  if (!days) return [];
  const { start, total } = days;
  const end = start + total;
  const today = localDay(now, "UTC");

  const schedule: { date: number; message: string; day: number | null }[] = [
    { date: start - 7, message: "week-before", day: null },
    { date: start - 1, message: "day-before", day: null },
    ...Array.from({ length: Math.max(end - start, 0) }, (_, index) => ({ date: start + index, message: "morning", day: index + 1 })),
    { date: end, message: "feedback", day: null },
    { date: end + 1, message: "story-invite", day: null },
  ];
  return schedule
    .filter((entry) => entry.date >= today)
    .slice(0, 2)
    .map((entry) => ({
      message: entry.message,
      day: entry.day,
      label: programmeMessageLabel(entry.message, entry.day, total),
      date: new Date(entry.date * DAY_MS).toISOString().slice(0, 10),
      when: whenText(entry.date, today),
    }));
}

export type ProgrammeSendEntry = {
  id: string;
  email: string;
  message: string;
  day: number | null;
  /** The member's calendar date it was for. */
  forDate: string;
  channel: "bot" | "email" | "skipped";
  skippedReason: string | null;
  createdAt: Date;
};

export type CohortProgrammeReport = {
  /** The cohort's bootcamp days (its last morning carries the review). */
  totalDays: number;
  sends: { rows: ProgrammeSendEntry[]; next: KeysetCursor | null; after: KeysetCursor | null };
  next: NextProgrammeMessage[];
  botBlocked: { userId: string; email: string; blockedAt: Date }[];
  feedback: {
    count: number;
    average: number | null;
    rows: { seatId: string; email: string; score: number; comment: string | null; createdAt: Date }[];
  };
};
