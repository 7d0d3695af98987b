/**
 * CSV that opens correctly in Excel (RFC 4180, UTF-8 with a byte-order mark) and cannot attack
 * the person opening it: a text cell starting with =, +, -, @, a tab or a carriage return is
 * prefixed with an apostrophe, so a spreadsheet shows it as text instead of running a formula
 * (a customer named `=HYPERLINK(...)` stays a name).
 */

/** UTF-8 byte-order mark: tells Excel the file is UTF-8 (Vietnamese text intact). */
export const CSV_BOM = "\uFEFF";

/** RFC 4180 line ending. */
export const CSV_EOL = "\r\n";

export type CsvValue = string | number | boolean | null | undefined | Date;

const formulaStart = /^[=+\-@\t\r]/;

/** One field: numbers as they are, text neutralised and quoted when needed. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  let text = value instanceof Date ? value.toISOString() : value;
  if (formulaStart.test(text)) text = `'${text}`;
  if (/[",\r\n]/.test(text) || /^\s|\s$/.test(text)) text = `"${text.replace(/"/g, '""')}"`;
  return text;
}

/** One record, ending with CRLF. */
export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(",") + CSV_EOL;
}

/** A whole document (BOM, header, rows) as one string: for small files and tests. */
export function csvDocument(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  let out = CSV_BOM + csvRow(header);
  for (const row of rows) out += csvRow(row);
  return out;
}
