// @vitest-environment node
import { describe, expect, it } from "vitest";
import { cohortStartIcs, escapeIcsText, foldIcsLine } from "@/server/email/ics";

const base = {
  uid: "cohort-0c0a@glucosechallenge.app",
  title: "Kickstart Cohort",
  description: "Two weeks with your coach.",
  start: new Date("2026-12-01T00:00:00Z"),
  end: new Date("2026-12-14T00:00:00Z"),
  url: "http://localhost:3000/dashboard",
  now: new Date("2026-11-21T09:05:07Z"),
};

const octets = (line: string) => new TextEncoder().encode(line).length;
/** RFC 5545 unfolding: a CRLF followed by one space or tab disappears. */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, "");
const property = (ics: string, name: string) =>
  unfold(ics)
    .split("\r\n")
    .find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));

describe("escapeIcsText", () => {
  it("escapes backslash, semicolon, comma and every kind of line break", () => {
    expect(escapeIcsText("a\\b;c,d\ne\r\nf\rg")).toBe("a\\\\b\\;c\\,d\\ne\\nf\\ng");
  });

  it("leaves colons and quotes alone", () => {
    expect(escapeIcsText('Time: "now"')).toBe('Time: "now"');
  });
});

describe("foldIcsLine", () => {
  it("keeps a line of exactly 75 octets whole", () => {
    const line = `SUMMARY:${"x".repeat(67)}`;
    expect(octets(line)).toBe(75);
    expect(foldIcsLine(line)).toBe(line);
  });

  it("folds longer lines into parts of at most 75 octets, each continuation starting with a space", () => {
    const line = `DESCRIPTION:${"abcdefghij".repeat(20)}`;
    const folded = foldIcsLine(line).split("\r\n");
    expect(folded.length).toBeGreaterThan(2);
    expect(folded[0]).toHaveLength(75);
    for (const part of folded) expect(octets(part)).toBeLessThanOrEqual(75);
    for (const part of folded.slice(1)) expect(part.startsWith(" ")).toBe(true);
    expect(unfold(folded.join("\r\n"))).toBe(line);
  });

  it.each([
    ["two-byte", "é"],
    ["three-byte", "€"],
    ["four-byte (surrogate pair)", "🙂"],
  ])("never splits a %s character", (_, char) => {
    // Offsets 0 to 3 move the character boundaries across the 75-octet limit.
    for (let offset = 0; offset < 4; offset += 1) {
      const line = `SUMMARY:${"x".repeat(offset)}${char.repeat(60)}`;
      const parts = foldIcsLine(line).split("\r\n");
      for (const part of parts) {
        expect(octets(part)).toBeLessThanOrEqual(75);
        // A split character would not survive a UTF-8 round trip.
        expect(new TextDecoder("utf-8", { fatal: true }).decode(new TextEncoder().encode(part))).toBe(part);
        expect(part).not.toMatch(/[\ud800-\udbff]$|^ ?[\udc00-\udfff]/);
      }
      expect(unfold(parts.join("\r\n"))).toBe(line);
    }
  });
});

describe("cohortStartIcs", () => {
  it("is a VCALENDAR with one all-day VEVENT and the required properties", () => {
    const ics = cohortStartIcs(base);
    const lines = unfold(ics).split("\r\n");
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toContain("PRODID:-//Glucose Challenge//Cohort calendar//EN");
    expect(lines).toContain("VERSION:2.0");
    expect(lines).toContain("METHOD:PUBLISH");
    expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(1);
    expect(lines).toContain("UID:cohort-0c0a@glucosechallenge.app");
    expect(lines).toContain("DTSTAMP:20261121T090507Z");
    expect(lines).toContain("SUMMARY:Kickstart Cohort");
    expect(lines).toContain("DESCRIPTION:Two weeks with your coach.");
    expect(lines).toContain("URL;VALUE=URI:http://localhost:3000/dashboard");
    expect(lines.indexOf("END:VEVENT")).toBeLessThan(lines.indexOf("END:VCALENDAR"));
    expect(lines.at(-2)).toBe("END:VCALENDAR");
    expect(lines.at(-1)).toBe("");
  });

  it("uses CRLF line endings only, including after the last line", () => {
    const ics = cohortStartIcs({ ...base, description: "Line one\nline two" });
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("writes all-day dates with an exclusive DTEND the day after the last day", () => {
    const ics = cohortStartIcs(base);
    expect(property(ics, "DTSTART")).toBe("DTSTART;VALUE=DATE:20261201");
    expect(property(ics, "DTEND")).toBe("DTEND;VALUE=DATE:20261215");
  });

  it("crosses month and year ends", () => {
    const ics = cohortStartIcs({ ...base, start: new Date("2026-12-18T00:00:00Z"), end: new Date("2026-12-31T00:00:00Z") });
    expect(property(ics, "DTEND")).toBe("DTEND;VALUE=DATE:20270101");
  });

  it("makes a one-day event when there is no end", () => {
    const ics = cohortStartIcs({ ...base, start: new Date("2027-02-28T00:00:00Z"), end: null });
    expect(property(ics, "DTSTART")).toBe("DTSTART;VALUE=DATE:20270228");
    expect(property(ics, "DTEND")).toBe("DTEND;VALUE=DATE:20270301");
  });

  it("never ends before it starts", () => {
    const ics = cohortStartIcs({ ...base, end: new Date("2026-11-20T00:00:00Z") });
    expect(property(ics, "DTEND")).toBe("DTEND;VALUE=DATE:20261202");
  });

  it("escapes text values", () => {
    const ics = cohortStartIcs({ ...base, title: "Reset; week, one", description: "Path C:\\cgm\nBring your sensor" });
    expect(property(ics, "SUMMARY")).toBe("SUMMARY:Reset\\; week\\, one");
    expect(property(ics, "DESCRIPTION")).toBe("DESCRIPTION:Path C:\\\\cgm\\nBring your sensor");
  });

  it("folds long properties to 75 octets without breaking characters", () => {
    const description = "Catorce días con tu coach en español: siete para observar, siete para experimentar. 🙂".repeat(3);
    const ics = cohortStartIcs({ ...base, description });
    for (const line of ics.split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(property(ics, "DESCRIPTION")).toBe(`DESCRIPTION:${description.replace(/,/g, "\\,")}`);
  });

  it("stamps the current time when none is given", () => {
    const ics = cohortStartIcs({ ...base, now: undefined });
    expect(property(ics, "DTSTAMP")).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
  });
});
