import "server-only";

const DATE_FORMAT = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/**
 * A calendar day such as "Mon, Dec 1, 2026". Cohort dates are whole days stored at midnight UTC,
 * so the day is read in UTC (the same day the calendar file uses).
 */
export function formatDate(date: Date): string {
  return DATE_FORMAT.format(date);
}

/** "1 hour", "24 hours". */
export function formatHours(hours: number): string {
  return `${hours} ${hours === 1 ? "hour" : "hours"}`;
}

const DATE_TIME_FORMAT = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

/** A moment such as "Mon, Dec 1, 2026, 14:30 UTC" (an email cannot know its reader's time zone). */
export function formatDateTime(date: Date): string {
  return `${DATE_TIME_FORMAT.format(date)} UTC`;
}
