// D19: a member's time zone is an IANA name (Europe/Paris), checked against the zones this runtime's
// Intl knows, and kept in the spelling Intl gives it (america/los_angeles reads as America/Los_Angeles).

/** The longest IANA name is 32 characters (America/Argentina/ComodRivadavia); room to spare. */
export const TIME_ZONE_MAX_LENGTH = 64;

/** The IANA name Intl knows `name` by, or null when it is not a time zone Intl knows. */
export function canonicalTimeZone(name: string): string | null {
  const trimmed = name.trim();
  // Only names: no offsets such as "+05:00", which Intl also accepts but no calendar lives by.
  if (!trimmed || trimmed.length > TIME_ZONE_MAX_LENGTH || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(trimmed)) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: trimmed }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const DAY_MS = 86_400_000;
// One formatter per zone, made when the zone is first read: making one costs far more than using it.
const wallFormats = new Map<string, Intl.DateTimeFormat>();

function wallFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    wallFormats.set(timeZone, format);
  }
  return format;
}

/** Whether `timeZone` has been read by wallClock already (so it is one Intl knows, in its spelling or another it accepts). */
export function wallClockKnows(timeZone: string): boolean {
  return wallFormats.has(timeZone);
}

/**
 * What the wall clock in `timeZone` reads at `at`: its calendar date as a day number (days since
 * 1970-01-01), the hour (0–23) and the minute. Throws a RangeError for a zone Intl does not know.
 */
export function wallClock(at: Date, timeZone: string): { day: number; hour: number; minute: number } {
  const parts = wallFormat(timeZone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { day: Date.UTC(part("year"), part("month") - 1, part("day")) / DAY_MS, hour: part("hour"), minute: part("minute") };
}

/** The zones to choose from: every one Intl lists, with `current` kept in the list when Intl leaves it out (UTC, say). */
export function timeZoneChoices(current: string | null): string[] {
  const listed = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const zones = new Set(listed);
  zones.add("UTC");
  if (current) zones.add(current);
  return [...zones].sort((a, b) => a.localeCompare(b));
}

/** What the message says when the coach bot counts days in UTC because the member has no zone stored. */
export const UTC_FALLBACK_NOTE = "(Days are counted in UTC until you set your time zone on your dashboard.)";
