// CSV as spreadsheets read it: every field quoted (RFC 4180), one record a line.

export type CsvValue = string | number | boolean | null | undefined;

/**
 * One field, quoted. A text that a spreadsheet would run as a formula (it starts with = + - @, a tab
 * or a carriage return) gets a leading apostrophe, so an exported name or answer cannot run code
 * on the operator's machine (OWASP "CSV injection").
 */
export function csvField(value: CsvValue): string {
  const text = value === null || value === undefined ? "" : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** One record: its fields quoted and joined, ending its line. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(",")}\n`;
}

/** The header line: the file's own column names (plain identifiers, so left unquoted). */
export function csvHeader(columns: readonly string[]): string {
  return `${columns.join(",")}\n`;
}

/** A whole file: the header line, then one line per record. */
export function toCsv(header: readonly string[], records: readonly (readonly CsvValue[])[]): string {
  return csvHeader(header) + records.map(csvLine).join("");
}
