import {
  EXCEL_MAX_CELL_CHARS,
  SpreadsheetError,
  cellTooLong,
  columnName,
  tooManyColumns,
  tooManyRows,
  type SpreadsheetLimits,
  type SpreadsheetRow,
} from "./spreadsheet";

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

/**
 * A number-like text a spreadsheet must keep as written (a phone "0912345678": Excel would drop
 * its leading zero, and "+84…" would be a formula). Made by numberAsText.
 */
export interface NumberAsText {
  numberAsText: string;
}

export type CsvValue = string | number | boolean | null | undefined | Date | NumberAsText;

const formulaStart = /^[=+\-@\t\r]/;
/** What numberAsText writes as ="…": digits, with at most a leading "+" and inner spaces. */
const numberLike = /^\+?\d[\d ]*$/;

/**
 * A phone (or code) written as `="0912345678"`: Excel and Google Sheets both read it as the text
 * 0912345678, no apostrophe shown, no zero dropped (decision 0057). Only digits (a leading "+",
 * spaces) go out that way, so it can carry no formula; anything else is an ordinary text cell,
 * neutralised as every other.
 */
export function numberAsText(text: string | null | undefined): NumberAsText | null {
  return text ? { numberAsText: text } : null;
}

/** One field: numbers as they are, text neutralised and quoted when needed. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "object" && !(value instanceof Date)) {
    if (numberLike.test(value.numberAsText)) return `"=""${value.numberAsText}"""`;
    return csvCell(value.numberAsText);
  }
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

const QUOTE = 34;
const LF = 10;
const CR = 13;

/**
 * Reads a CSV document (RFC 4180: quoted fields, doubled quotes, CRLF, LF or CR) into its
 * non-blank rows, each with its row number as Excel shows it: a blank line is a row, a quoted
 * field over several lines is one. A leading byte-order mark is dropped. The separator is the
 * given one, else a comma, or a semicolon when the first line has semicolons and no comma
 * (Excel's export in a Vietnamese locale). A quote opens a quoted field only at the field's
 * start; after the closing quote, text up to the separator is kept as it is.
 *
 * One pass, each character looked at once; the first bound crossed (rows, columns, a cell's
 * length, a quote never closed) throws a SpreadsheetError naming the row.
 */
export function readCsv(text: string, limits: SpreadsheetLimits, separator?: string): SpreadsheetRow<string>[] {
  const source = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  const sep = (separator ?? defaultSeparator(source)).charCodeAt(0);
  const length = source.length;
  const rows: SpreadsheetRow<string>[] = [];
  let cells: string[] = [];
  let column = 0;
  let row = 1;
  let i = 0;
  const push = (value: string) => {
    if (value.length > limits.maxCellChars) throw cellTooLong(limits, row);
    // Blank cells past the last column are dropped (a spreadsheet's used range can run wide).
    if (column >= limits.maxColumns) {
      if (value.trim() !== "") throw tooManyColumns(limits, row, columnName(column));
    } else cells.push(value);
    column++;
  };
  const endRow = () => {
    if (cells.some((cell) => cell.trim() !== "")) {
      if (rows.length >= limits.maxRows) throw tooManyRows(limits);
      rows.push({ row, cells });
    }
    cells = [];
    column = 0;
    row++;
  };
  while (i < length) {
    let value = "";
    if (source.charCodeAt(i) === QUOTE) {
      const start = row;
      let from = i + 1;
      for (;;) {
        const close = source.indexOf('"', from);
        if (close < 0) {
          if (length - from + value.length > limits.maxCellChars) throw cellTooLong(limits, start, UNCLOSED_HINT);
          throw new SpreadsheetError(
            "unclosed_quote",
            `Dòng ${start.toLocaleString("vi-VN")}: dấu ngoặc kép (") mở một ô nhưng không được đóng đến hết tệp.`,
            start,
          );
        }
        value += source.slice(from, close);
        if (value.length > limits.maxCellChars) throw cellTooLong(limits, start, UNCLOSED_HINT);
        if (source.charCodeAt(close + 1) === QUOTE) {
          value += '"';
          from = close + 2;
        } else {
          i = close + 1;
          break;
        }
      }
    }
    const start = i;
    for (; i < length; i++) {
      const c = source.charCodeAt(i);
      if (c === sep || c === LF || c === CR) break;
    }
    value += source.slice(start, i);
    push(value);
    if (i >= length) {
      endRow();
      break;
    }
    const c = source.charCodeAt(i);
    i++;
    if (c === sep) {
      // A separator at the very end still ends a row with an empty last cell.
      if (i >= length) {
        push("");
        endRow();
      }
      continue;
    }
    if (c === CR && source.charCodeAt(i) === LF) i++;
    endRow();
  }
  return rows;
}

const UNCLOSED_HINT = ` (có thể thiếu dấu ngoặc kép " đóng ô)`;

function defaultSeparator(source: string): string {
  const firstLine = source.slice(0, source.search(/\r|\n|$/));
  return firstLine.includes(";") && !firstLine.includes(",") ? ";" : ",";
}

/** Enough for any CSV the shop itself wrote (its exports, read back in tests). */
const generousLimits: SpreadsheetLimits = { maxRows: Number.MAX_SAFE_INTEGER, maxColumns: 1024, maxCellChars: EXCEL_MAX_CELL_CHARS };

/** The non-blank rows' cells (a file the shop wrote; uploads go through readCsv with their bounds). */
export function parseCsv(text: string): string[][] {
  return readCsv(text, generousLimits).map((r) => r.cells);
}
