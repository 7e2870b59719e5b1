import "server-only";
import { site } from "@/lib/site";

export type CohortStartEvent = {
  uid: string;
  title: string;
  description: string;
  /** First day of the cohort (its UTC calendar day is used). */
  start: Date;
  /** Last day of the cohort, inclusive; null for a one-day entry. */
  end: Date | null;
  url: string;
  /** DTSTAMP; defaults to the current time. */
  now?: Date;
};

const CRLF = "\r\n";
const MAX_LINE_OCTETS = 75;
const DAY_MS = 24 * 60 * 60 * 1000;

/** RFC 5545 §3.3.11 TEXT escaping: backslash, semicolon, comma and line breaks. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * RFC 5545 §3.1 folding: lines longer than 75 octets (UTF-8, CRLF excluded) continue on the next
 * line after a single space. Breaks only fall between code points, never inside a character.
 */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  const lines: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // Continuation lines start with a space, which counts towards their 75 octets.
    if (octets + size > MAX_LINE_OCTETS) {
      lines.push(current);
      current = " ";
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join(CRLF);
}

function pad(value: number, length = 2): string {
  return String(value).padStart(length, "0");
}

/** VALUE=DATE form, YYYYMMDD, of the date's UTC calendar day. */
function icsDate(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}`;
}

/** UTC DATE-TIME form, YYYYMMDDTHHMMSSZ. */
function icsDateTime(date: Date): string {
  return `${icsDate(date)}T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`;
}

/** Midnight UTC of the date's UTC calendar day. */
function utcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** Control characters have no place in a URI or UID line; dropping them keeps the file one-property-per-line. */
function stripControl(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f]/g, "");
}

/**
 * A calendar file (METHOD:PUBLISH) with the cohort as one all-day event, from its first day to its
 * last day. DTEND is exclusive, so it is the day after the last day.
 */
export function cohortStartIcs(event: CohortStartEvent): string {
  const startDay = utcDay(event.start);
  const lastDay = event.end ? utcDay(event.end) : startDay;
  const endExclusive = new Date(Math.max(lastDay.getTime(), startDay.getTime()) + DAY_MS);

  const lines = [
    "BEGIN:VCALENDAR",
    `PRODID:-//${escapeIcsText(site.name)}//Cohort calendar//EN`,
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${escapeIcsText(stripControl(event.uid))}`,
    `DTSTAMP:${icsDateTime(event.now ?? new Date())}`,
    `DTSTART;VALUE=DATE:${icsDate(startDay)}`,
    `DTEND;VALUE=DATE:${icsDate(endExclusive)}`,
    `SUMMARY:${escapeIcsText(event.title)}`,
    `DESCRIPTION:${escapeIcsText(event.description)}`,
    `URL;VALUE=URI:${stripControl(event.url)}`,
    "TRANSP:TRANSPARENT",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}
