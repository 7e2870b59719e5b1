import { formatMoney } from "@/lib/pricing/money";

// The values an audit sentence reads and how it writes them (audit-sentence.ts).

// ---- Reading before/after: they are JSON the code wrote at the time, so nothing is assumed. ----

export type State = Record<string, unknown> | null;

export const text = (state: State, key: string): string | undefined => {
  const value = state?.[key];
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
};
export const int = (state: State, key: string): number | undefined => {
  const value = state?.[key];
  return typeof value === "number" && Number.isSafeInteger(value) ? value : undefined;
};
export const bool = (state: State, key: string): boolean | undefined => {
  const value = state?.[key];
  return typeof value === "boolean" ? value : undefined;
};

export const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const timeFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

/** A calendar day as people write it: "2027-01-05" → "Jan 5, 2027"; anything else unchanged. */
export function calendarDay(value: string): string {
  const match = DAY.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? value : dayFormat.format(date);
}

/** A moment as a calendar date and UTC time: "Jan 6, 2027, 14:00 UTC"; anything unreadable unchanged. */
export function calendarTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : `${timeFormat.format(date)} UTC`;
}

export const money = (cents: number, currency: string | undefined) => formatMoney(cents, currency ?? "usd");
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
export const words = (value: string) => value.replace(/[_-]+/g, " ");
export const quoted = (value: string) => `“${value.length > 80 ? `${value.slice(0, 79)}…` : value}”`;
