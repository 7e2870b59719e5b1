import { durationDaysOrDefault } from "@/lib/cohorts/cohort-picker-rules";
import { canonicalTimeZone, wallClock, wallClockKnows } from "@/lib/time-zone/time-zone";

// The programme's rhythm (docs/programme.md): which of its messages are due for one member at one
// instant. Each message has a local date and hour on the member's own calendar (their stored zone,
// UTC without one, D19); it is sent while the member's wall clock reads between that hour and three
// hours after it, and recorded as skipped once later than that (after an outage, say), never sent
// late. The wall clock is read through Intl, so a daylight-saving change moves nothing: an hour the
// clocks skip still sends (its window is open when the clocks read the next hour), and an hour they
// repeat does not send twice (the decision is kept per seat, message and local date).

export const PROGRAMME_MESSAGES = ["enrolled", "week-before", "day-before", "morning", "feedback", "story-invite"] as const;
export type ProgrammeMessage = (typeof PROGRAMME_MESSAGES)[number];

/** How long after its hour a message may still go out; later, it is recorded as skipped. */
export const SEND_WINDOW_HOURS = 3;
/** Messages whose hour passed longer ago than this are left alone (neither sent nor recorded). */
export const LOOKBACK_HOURS = 24;

const DAY_MS = 86_400_000;

export type ScheduleMember = {
  /** users.time_zone; null (or a zone this runtime does not know) counts in UTC. */
  timeZone: string | null;
  /** The member's morning hour, 0–23, local. */
  morningHour: number;
  enrolledAt: Date;
  paused: boolean;
  /** The cohort's calendar dates, kept as midnight UTC of each date (D19). */
  cohort: { start: Date | string | null; end: Date | string | null; durationDays: number | null };
  /** The decisions already recorded for the seat, as decisionKey(message, forDate). */
  decided: ReadonlySet<string>;
};

export type DueMessage = {
  message: ProgrammeMessage;
  /** The member's local date the message is for, YYYY-MM-DD. */
  forDate: string;
  /** The bootcamp day of a morning message, else null. */
  day: number | null;
  action: "send" | "skip";
  /** Why a message is skipped; null when it is sent. */
  reason: string | null;
};

export const SKIP_REASONS = {
  late: `Its hour passed more than ${SEND_WINDOW_HOURS} hours ago`,
  started: "The start had passed",
  paused: "The member paused the programme",
  noChannel: "No linked coach bot and no confirmed email address",
} as const;

export function decisionKey(message: ProgrammeMessage, forDate: string): string {
  return `${message}|${forDate}`;
}

/** The zone a member's messages are timed in: their stored one when this runtime knows it, else UTC. */
export function scheduleZone(timeZone: string | null): string {
  if (!timeZone) return "UTC";
  if (wallClockKnows(timeZone)) return timeZone;
  return canonicalTimeZone(timeZone) ?? "UTC";
}

/** What the wall clock in `timeZone` reads at `at`, in hours since 1970-01-01 00:00 of that clock. */
export function wallHours(at: Date, timeZone: string): number {
  const { day, hour, minute } = wallClock(at, timeZone);
  return day * 24 + hour + minute / 60;
}

/** A day number (days since 1970-01-01) as YYYY-MM-DD. */
export function isoDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

function calendarDay(value: Date | string | null): number | null {
  if (value === null) return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : Math.floor(time / DAY_MS);
}

type Slot = { message: ProgrammeMessage; day: number; dayNumber: number | null; hours: number; reminder: boolean };

/** Every message of the rhythm with its local date (day number) and its wall-clock time in hours. */
function slots(start: number, totalDays: number, hour: number, enrolledWall: number): Slot[] {
  const at = (day: number) => day * 24 + hour;
  const list: Slot[] = [
    { message: "enrolled", day: Math.floor(enrolledWall / 24), dayNumber: null, hours: enrolledWall, reminder: true },
    { message: "week-before", day: start - 7, dayNumber: null, hours: at(start - 7), reminder: true },
    { message: "day-before", day: start - 1, dayNumber: null, hours: at(start - 1), reminder: true },
  ];
  for (let n = 1; n <= totalDays; n += 1) {
    list.push({ message: "morning", day: start + n - 1, dayNumber: n, hours: at(start + n - 1), reminder: false });
  }
  list.push({ message: "feedback", day: start + totalDays, dayNumber: null, hours: at(start + totalDays), reminder: false });
  list.push({ message: "story-invite", day: start + totalDays + 1, dayNumber: null, hours: at(start + totalDays + 1), reminder: false });
  return list;
}

/** The number of bootcamp days: to the stored end (the day after the last), else the duration. */
export function bootcampDays(start: number, end: number | null, durationDays: number | null): number {
  const total = end !== null && end > start ? end - start : durationDaysOrDefault(durationDays);
  return Math.min(Math.max(total, 1), 60);
}

/**
 * The messages due for `member` at `now` and not decided yet: each to send, or to record as
 * skipped (its hour long passed, the start passed for a reminder, the member paused). A message
 * whose hour came before the member enrolled is not theirs (a week-before reminder for someone who
 * joined three days before the start, the mornings before a late enrolment).
 */
export function dueMessages(member: ScheduleMember, now: Date): DueMessage[] {
  const start = calendarDay(member.cohort.start);
  if (start === null) return [];
  const zone = scheduleZone(member.timeZone);
  const nowWall = wallHours(now, zone);
  const enrolledWall = wallHours(member.enrolledAt, zone);
  const today = Math.floor(nowWall / 24);
  const total = bootcampDays(start, calendarDay(member.cohort.end), member.cohort.durationDays);
  const hour = Math.min(Math.max(Math.trunc(member.morningHour), 0), 23);
  const due: DueMessage[] = [];
  for (const slot of slots(start, total, hour, enrolledWall)) {
    const late = nowWall - slot.hours;
    if (late < 0 || late >= LOOKBACK_HOURS) continue;
    if (slot.message !== "enrolled" && slot.hours < enrolledWall) continue;
    if (slot.message === "week-before" && Math.floor(enrolledWall / 24) >= slot.day) continue;
    const forDate = isoDate(slot.day);
    if (member.decided.has(decisionKey(slot.message, forDate))) continue;
    const reason =
      slot.reminder && today >= start
        ? SKIP_REASONS.started
        : late >= SEND_WINDOW_HOURS
          ? SKIP_REASONS.late
          : member.paused
            ? SKIP_REASONS.paused
            : null;
    due.push({ message: slot.message, forDate, day: slot.dayNumber, action: reason ? "skip" : "send", reason });
  }
  return due;
}
