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

/**
 * Reads a CSV document (RFC 4180: quoted fields, doubled quotes, CRLF or LF) into rows of
 * fields. A leading byte-order mark is dropped; the separator is a comma, or a semicolon when the
 * first line has semicolons and no comma (Excel's export in a Vietnamese locale). Blank lines are
 * skipped. An apostrophe csvCell put before a formula-like text is left as it is.
 */
export function parseCsv(text: string): string[][] {
  const source = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  const firstLine = source.slice(0, source.search(/\r?\n|$/));
  const separator = firstLine.includes(";") && !firstLine.includes(",") ? ";" : ",";
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(field);
    if (row.some((cell) => cell.trim() !== "")) rows.push(row);
    row = [];
    field = "";
  };
  while (i < source.length) {
    const ch = source[i];
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === "") quoted = true;
    else if (ch === separator) {
      row.push(field);
      field = "";
    } else if (ch === "\r" && source[i + 1] === "\n") {
      endRow();
      i++;
    } else if (ch === "\n" || ch === "\r") endRow();
    else field += ch;
    i++;
  }
  if (field !== "" || row.length > 0) endRow();
  return rows;
}
