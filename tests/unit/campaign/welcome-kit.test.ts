import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { WELCOME_KIT_MIN_PAGES, WELCOME_KIT_PATH } from "@/lib/campaign/welcome-kit";

const pdf = readFileSync(path.join(process.cwd(), "public", WELCOME_KIT_PATH)).toString("latin1");

describe("the partner welcome kit the site ships (SPEC §9: 50+ pages)", () => {
  it("is a PDF with more than 50 pages", () => {
    expect(pdf.startsWith("%PDF-1.4")).toBe(true);
    const count = Number(/\/Type \/Pages \/Kids \[[^\]]*\] \/Count (\d+)/.exec(pdf)?.[1]);
    expect(count).toBeGreaterThanOrEqual(WELCOME_KIT_MIN_PAGES);
    expect(pdf.match(/\/Type \/Page /g)).toHaveLength(count);
  });

  it("has a cross-reference table whose every offset points at its object", () => {
    const xrefAt = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)?.[1]);
    expect(pdf.slice(xrefAt, xrefAt + 4)).toBe("xref");
    const entries = [...pdf.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(entries.length).toBeGreaterThan(WELCOME_KIT_MIN_PAGES * 2);
    entries.forEach((offset, i) => expect(pdf.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
  });
});
