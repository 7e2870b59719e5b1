import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MIGRATIONS_DIR, MIGRATION_CLOCK_SKEW_MS, RENAMED_MIGRATIONS } from "@/scripts/migrate";

// The committed migration files, checked on their own (the migrator refuses the same things when it
// runs): a file dated in the future sorts after every migration written until that date, so one
// written before then would be applied out of order.
const files = readdirSync(MIGRATIONS_DIR).sort();
const versions = files.map((file) => file.slice(0, 14));

/** YYYYMMDDHHMMSS in UTC, as `supabase migration new` names a file. */
const stamp = (date: Date) => date.toISOString().replace(/\D/g, "").slice(0, 14);

describe("supabase/migrations", () => {
  it("names every file 14 digits starting with a real date, then a snake_case name", () => {
    const malformed = files.filter((file) => {
      const match = /^(\d{4})(\d{2})(\d{2})\d{6}_[a-z0-9_]+\.sql$/.exec(file);
      if (!match) return true;
      const [, year, month, day] = match.map(Number) as [number, number, number, number];
      const date = new Date(Date.UTC(year, month - 1, day));
      return date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day;
    });
    expect(files.length).toBeGreaterThan(0);
    expect(malformed).toEqual([]);
  });

  it("dates none in the future", () => {
    const latest = stamp(new Date(Date.now() + MIGRATION_CLOCK_SKEW_MS));
    expect(files.filter((file) => file.slice(0, 14) > latest)).toEqual([]);
  });

  it("gives each file its own version, in the order the files sort", () => {
    const out = versions.flatMap((version, i) => (i > 0 && version <= versions[i - 1]! ? [files[i]] : []));
    expect(out).toEqual([]);
  });

  it("maps each renamed version to a committed file, in the same order, and no file keeps an old version", () => {
    const renames = Object.entries(RENAMED_MIGRATIONS);
    expect(renames.filter(([, to]) => !versions.includes(to))).toEqual([]);
    expect(renames.filter(([from]) => versions.includes(from))).toEqual([]);
    const byOld = [...renames].sort(([a], [b]) => a.localeCompare(b)).map(([, to]) => to);
    expect(byOld).toEqual([...byOld].sort());
    // A renamed file keeps its place among the files that were there before it. Files written after
    // the renames are newer than every renamed version (the migrator applies only newer ones), so
    // they sort after both names and are left out.
    const newestRenamed =
      renames
        .map(([, to]) => to)
        .sort()
        .at(-1) ?? "";
    const kept = versions.filter((version) => version < newestRenamed && !renames.some(([, to]) => to === version));
    for (const [from, to] of renames) {
      expect(
        kept.filter((version) => version < from),
        `${from} → ${to}`,
      ).toEqual(kept.filter((version) => version < to));
    }
    expect(path.basename(MIGRATIONS_DIR)).toBe("migrations");
  });
});
