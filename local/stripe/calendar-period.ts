import type { RecurringSpec } from "./stripe-objects";

const DAY = 86_400;

/** `months` calendar months after `unixSeconds` in UTC; a day past the month's end clamps to its last day (Jan 31 + 1 → Feb 28/29). */
export function addMonths(unixSeconds: number, months: number): number {
  const date = new Date(unixSeconds * 1000);
  const day = date.getUTCDate();
  const target = new Date(date.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}

/** The end of one billing period that starts at `start`. */
export function periodEnd(start: number, recurring: RecurringSpec): number {
  const count = recurring.interval_count;
  switch (recurring.interval) {
    case "day":
      return start + count * DAY;
    case "week":
      return start + count * 7 * DAY;
    case "month":
      return addMonths(start, count);
    case "year":
      return addMonths(start, count * 12);
  }
}

/** Stripe caps a billing period at one year. */
export function withinOneYear(recurring: RecurringSpec): boolean {
  const limits = { day: 365, week: 52, month: 12, year: 1 };
  return recurring.interval_count >= 1 && recurring.interval_count <= limits[recurring.interval];
}
