import { describe, expect, it } from "vitest";
import { csvField, csvLine, toCsv } from "@/lib/csv";

describe("CSV", () => {
  it("quotes every field and doubles the quotes inside", () => {
    expect(csvField('say "hi", then go')).toBe('"say ""hi"", then go"');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField(null)).toBe('""');
    expect(csvField(undefined)).toBe('""');
    expect(csvField(12)).toBe('"12"');
    expect(csvField(false)).toBe('"false"');
  });

  it.each(["=1+1", "+1 asthma", "-2", "@SUM(A1)", "\tTAB", "\rCR"])("keeps a spreadsheet from running %j as a formula", (text) => {
    expect(csvField(text)).toBe(`"'${text}"`);
  });

  it("leaves a formula character alone when it is not the first", () => {
    expect(csvField("a=b")).toBe('"a=b"');
    expect(csvField("user@example.com")).toBe('"user@example.com"');
  });

  it("writes the header, then one line per record", () => {
    expect(csvLine(["a", 1])).toBe('"a","1"\n');
    expect(
      toCsv(
        ["name", "count"],
        [
          ["x", 1],
          ["=y", 2],
        ],
      ),
    ).toBe('name,count\n"x","1"\n"\'=y","2"\n');
    expect(toCsv(["name"], [])).toBe("name\n");
  });
});
