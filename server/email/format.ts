import "server-only";

/** An amount in minor units as money with two decimals, e.g. 16092 "usd" → "$160.92". */
export function formatMoney(cents: number, currency: string): string {
  const amount = cents / 100;
  const code = currency.trim().toUpperCase();
  try {
    return new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: code,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(amount);
  } catch {
    // Not an ISO 4217 code Intl knows: still show a readable amount.
    return `${amount.toFixed(2)} ${code}`;
  }
}

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
