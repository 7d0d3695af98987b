import { readCsv } from "~/lib/csv";
import { EXCEL_MAX_CELL_CHARS, SpreadsheetError, type SpreadsheetCell, type SpreadsheetRow } from "~/lib/spreadsheet";
import { normalizeSearch } from "~/lib/text";
import { AppError } from "~/server/errors.server";
import { chooseColumns, type ColumnChoice } from "./payout-columns.server";
import { readXlsxRows, type XlsxLimits } from "~/server/xlsx.server";

/*
 * A carrier's COD remittance file as GHN and GHTK export it: CSV (UTF-8 with or without BOM,
 * comma, semicolon or tab; UTF-16LE as Excel's "Unicode text") or Excel .xlsx. The header row may
 * come after a title block, so it is found by its column names (accents and case ignored). Any
 * problem is one clear Vietnamese message for the whole file: nothing is imported from a file
 * that is partly unreadable. Row numbers are the file's own, as Excel shows them (the header of
 * a file without a title block is row 1). The readers are bounded and linear (decision 0044):
 * no file, however shaped, costs more than its size.
 */

export const MAX_REMITTANCE_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_REMITTANCE_ROWS = 20_000;
/** A request carrying such a file (the form's other fields are small). */
export const MAX_REMITTANCE_REQUEST_BYTES = MAX_REMITTANCE_FILE_BYTES + 64 * 1024;
/** The header row is looked for in the first non-blank rows only (a title block is a few rows). */
const HEADER_SEARCH_ROWS = 30;

/**
 * What a payout file may hold (decision 0044). A carrier's export has 10–40 columns, a few of
 * them distinct texts per line (code, name, address, phone, note); 20,000 lines of 40 columns
 * fit, with room. Each bound keeps a file that crosses it answered well within a second.
 */
export const REMITTANCE_FILE_LIMITS: XlsxLimits = {
  maxRows: MAX_REMITTANCE_ROWS + HEADER_SEARCH_ROWS,
  maxColumns: 64,
  maxCellChars: EXCEL_MAX_CELL_CHARS,
  maxCells: 1_000_000,
  maxElements: 3_000_000,
  maxSharedStrings: 300_000,
  maxDepth: 32,
  maxPartBytes: 40 * 1024 * 1024,
  maxTotalBytes: 60 * 1024 * 1024,
};

export interface RemittanceFileLine {
  /** The line's row in the file, as Excel shows it. */
  rowNumber: number;
  trackingCode: string;
  codAmount: number;
  fee: number;
  /** ISO day, when the file has a date column. */
  remittedOn: string | null;
}

type Cell = SpreadsheetCell;

function fail(message: string): never {
  throw new AppError("invalid", message);
}

/** Reads the file's lines, or throws AppError("invalid") with what is wrong with it. */
export async function parseRemittanceFile(fileName: string, bytes: Uint8Array): Promise<RemittanceFileLine[]> {
  if (bytes.length === 0) fail("Tệp trống: hãy chọn tệp đối soát COD do hãng vận chuyển xuất (CSV hoặc Excel .xlsx).");
  if (bytes.length > MAX_REMITTANCE_FILE_BYTES) {
    fail(
      `Tệp quá lớn (${formatMegabytes(bytes.length)}): tối đa ${formatMegabytes(MAX_REMITTANCE_FILE_BYTES)}. Hãy chia tệp thành nhiều phần.`,
    );
  }
  return linesOf(await readRows(fileName, bytes));
}

function formatMegabytes(n: number): string {
  return `${(n / 1024 / 1024).toLocaleString("vi-VN", { maximumFractionDigits: 1 })} MB`;
}

const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((b, i) => bytes[i] === b);

async function readRows(fileName: string, bytes: Uint8Array): Promise<SpreadsheetRow[]> {
  try {
    if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return await readXlsxRows(bytes, REMITTANCE_FILE_LIMITS);
    if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0])) {
      fail("Tệp Excel đời cũ (.xls) chưa đọc được: hãy mở tệp trong Excel và lưu lại dạng .xlsx hoặc CSV UTF-8.");
    }
    if (/\.(xlsx|xls|xlsm)$/i.test(fileName))
      fail("Tệp không phải bảng tính Excel hợp lệ: hãy xuất lại tệp đối soát từ trang của hãng vận chuyển.");
    const text = decodeText(bytes);
    return readCsv(text, REMITTANCE_FILE_LIMITS, delimiterOf(text));
  } catch (error) {
    if (!(error instanceof SpreadsheetError)) throw error;
    if (error.problem === "rows") tooManyRows();
    fail(error.message);
  }
}

const NOT_A_SPREADSHEET =
  "Tệp không phải bảng tính (CSV hoặc Excel .xlsx): hãy chọn tệp đối soát COD do hãng vận chuyển xuất.";

function decodeText(bytes: Uint8Array): string {
  let text: string;
  if (startsWith(bytes, [0xff, 0xfe])) text = new TextDecoder("utf-16le").decode(bytes.subarray(2));
  else if (startsWith(bytes, [0xfe, 0xff])) text = new TextDecoder("utf-16be").decode(bytes.subarray(2));
  else if (looksLikeUtf16le(bytes)) text = new TextDecoder("utf-16le").decode(bytes);
  else {
    const body = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? bytes.subarray(3) : bytes;
    if (body.includes(0)) fail(NOT_A_SPREADSHEET);
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(body);
    } catch {
      fail(
        "Tệp không ở mã UTF-8 (có thể là Windows-1258 hoặc mã khác) nên tiếng Việt sẽ bị lỗi: hãy lưu lại tệp dạng “CSV UTF-8” hoặc Excel .xlsx rồi nhập lại.",
      );
    }
  }
  // Control characters other than tab and line breaks: a binary file (an image, a PDF…).
  // eslint-disable-next-line no-control-regex -- looking for exactly those characters
  const controls = text.match(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffd]/g)?.length ?? 0;
  if (controls > 0 && controls > text.length / 200) fail(NOT_A_SPREADSHEET);
  return text;
}

/** Excel's "Unicode text" without its BOM: ASCII characters with a zero high byte. */
function looksLikeUtf16le(bytes: Uint8Array): boolean {
  const sample = Math.min(bytes.length - (bytes.length % 2), 400);
  if (sample < 4) return false;
  let zeros = 0;
  for (let i = 1; i < sample; i += 2) if (bytes[i] === 0) zeros++;
  return zeros > sample / 2 / 2;
}

/** The most frequent of , ; tab on the first lines (a comma when none). */
function delimiterOf(text: string): string {
  const head = text.slice(0, 4000);
  const counts = [",", ";", "\t"].map((d) => ({ d, n: head.split(d).length - 1 }));
  return counts.sort((a, b) => b.n - a.n)[0].n > 0 ? counts[0].d : ",";
}

function tooManyRows(): never {
  fail(
    `Tệp có quá nhiều dòng: tối đa ${MAX_REMITTANCE_ROWS.toLocaleString("vi-VN")} dòng mỗi lần nhập. Hãy chia tệp thành nhiều phần.`,
  );
}

// ---------------------------------------------------------------- rows → lines

const cellText = (cell: Cell | undefined) => (cell === null || cell === undefined ? "" : String(cell).trim());

/** What each role is called in messages, and example headers for it. */
const roleNames = {
  trackingCode: { label: "mã vận đơn", examples: ["Mã vận đơn", "Mã đơn GHN", "Mã đơn hàng"] },
  codAmount: { label: "tiền thu hộ", examples: ["Tiền thu hộ", "Thu hộ", "COD"] },
  fee: { label: "tổng phí", examples: ["Tổng phí"] },
  remittedOn: { label: "ngày", examples: ["Ngày đối soát"] },
} as const;

const quoted = (texts: string[]) => texts.map((t) => `“${t}”`).join(", ");

function linesOf(rows: SpreadsheetRow[]): RemittanceFileLine[] {
  if (rows.length === 0) {
    fail("Tệp trống: không có dòng nào. Hãy xuất lại tệp đối soát COD từ trang của hãng vận chuyển.");
  }
  let best: { index: number; choice: ColumnChoice; headers: string[] } | null = null;
  for (const [index, { cells: row }] of rows.slice(0, HEADER_SEARCH_ROWS).entries()) {
    const choice = chooseColumns(row);
    const headers = row.map(cellText).filter(Boolean);
    if (!best || choice.recognised > best.choice.recognised) best = { index, choice, headers };
    const found = (role: "trackingCode" | "codAmount") =>
      choice.at[role] !== undefined || choice.ambiguous.some((a) => a.role === role);
    if (found("trackingCode") && found("codAmount")) {
      best = { index, choice, headers };
      break;
    }
  }
  const { choice, headers } = best!;
  // Two columns that may both be the code, the money, the fee or the day: nothing is guessed.
  if (choice.ambiguous.length > 0) {
    fail(
      choice.ambiguous
        .map(
          ({ role, headers: columns }) =>
            `Không rõ cột nào là “${roleNames[role].label}”: ${columns.map((c) => `“${c.text}” (cột ${c.column})`).join(" và ")}.`,
        )
        .join(" ") + " Hãy xóa cột thừa trong tệp (giữ cột của hãng vận chuyển) rồi nhập lại.",
    );
  }
  const missing = (["trackingCode", "codAmount"] as const).filter((role) => choice.at[role] === undefined);
  if (missing.length > 0) {
    const shown = choice.recognised > 0 ? headers : rows[0].cells.map(cellText).filter(Boolean);
    const shopNote =
      missing.includes("trackingCode") && choice.shopCodes.length > 0
        ? ` Cột ${quoted(choice.shopCodes.map((c) => c.text))} là mã đơn của shop, không phải mã vận đơn của hãng.`
        : "";
    fail(
      `Không tìm thấy cột ${missing
        .map((role) => `“${roleNames[role].label}” (ví dụ: ${quoted([...roleNames[role].examples])})`)
        .join(" và ")}.${shopNote} ` +
        `Các tiêu đề tìm thấy: ${shown.length ? quoted(shown.slice(0, 12)) : "không có"}.`,
    );
  }
  const at = choice.at;
  const codeAt = at.trackingCode!;
  const codAt = at.codAmount!;
  const dataRows = rows.slice(best!.index + 1);
  if (dataRows.length > MAX_REMITTANCE_ROWS) tooManyRows();
  const lines: RemittanceFileLine[] = [];
  for (const { row: rowNumber, cells: row } of dataRows) {
    const code = cellText(row[codeAt]);
    // Blank rows and a totals row ("Tổng cộng" in the code column, or no code) are not lines,
    // nor a note under the table ("Người lập biểu", "Ghi chú: …") with no amount beside it.
    if (code === "" || /^tong( cong)?\b/.test(normalizeSearch(code))) continue;
    if (/\s/.test(code) && cellText(row[codAt]) === "") continue;
    if (code.length > 60 || /\s/.test(code)) fail(`Dòng ${rowNumber}: mã vận đơn “${code.slice(0, 60)}” không hợp lệ.`);
    const codAmount = amountOf(row[codAt], rowNumber, "tiền thu hộ");
    const fee =
      at.fee !== undefined
        ? amountOf(row[at.fee], rowNumber, "phí", true)
        : choice.feeParts.reduce((sum, i) => sum + amountOf(row[i], rowNumber, "phí", true), 0);
    const remittedOn = at.remittedOn !== undefined ? dayOf(row[at.remittedOn], rowNumber) : null;
    lines.push({ rowNumber, trackingCode: code, codAmount, fee, remittedOn });
  }
  if (lines.length === 0) fail("Tệp không có dòng nào có mã vận đơn dưới dòng tiêu đề.");
  return lines;
}

/** "450.000", "450,000", "450000 đ", "450.000,00", a number cell → whole đồng. */
export function amountOf(cell: Cell | undefined, rowNumber: number, label: string, blankIsZero = false): number {
  if (typeof cell === "number") {
    if (!Number.isFinite(cell) || cell < 0) fail(`Dòng ${rowNumber}: ${label} “${cell}” không hợp lệ.`);
    return Math.round(cell);
  }
  const text = cellText(cell);
  if (text === "" || text === "-") {
    if (blankIsZero) return 0;
    fail(`Dòng ${rowNumber}: thiếu ${label}.`);
  }
  const bare = text.replace(/\s|đ|₫|vnđ|vnd/gi, "");
  let digits: string | null = null;
  if (/^\d+$/.test(bare)) digits = bare;
  else if (/^\d{1,3}([.,])\d{3}(\1\d{3})*$/.test(bare)) digits = bare.replace(/[.,]/g, "");
  else if (/^\d{1,3}(\.\d{3})*,\d{1,2}$/.test(bare))
    digits = String(Math.round(Number(bare.replace(/\./g, "").replace(",", "."))));
  else if (/^\d{1,3}(,\d{3})*\.\d{1,2}$/.test(bare) || /^\d+[.,]\d{1,2}$/.test(bare)) {
    digits = String(Math.round(Number(bare.replace(/,(?=\d{3})/g, "").replace(",", "."))));
  }
  if (digits === null || digits.length > 13)
    fail(`Dòng ${rowNumber}: ${label} “${text.slice(0, 30)}” không phải số tiền hợp lệ.`);
  return Number(digits);
}

/** "25/11/2026", "25-11-2026 10:30", "2026-11-25", an Excel date serial → "2026-11-25". */
export function dayOf(cell: Cell | undefined, rowNumber: number): string | null {
  if (typeof cell === "number") {
    // Excel's serial day: 1 = 1900-01-01, counted from 1899-12-30 because of its 1900 leap-year bug.
    if (cell < 1 || cell > 2_958_465) fail(`Dòng ${rowNumber}: ngày “${cell}” không hợp lệ.`);
    return new Date(Date.UTC(1899, 11, 30) + Math.floor(cell) * 86_400_000).toISOString().slice(0, 10);
  }
  const text = cellText(cell);
  if (text === "") return null;
  let y: number, m: number, d: number;
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[ T].*)?$/.exec(text);
  const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T].*)?$/.exec(text);
  if (dmy) [d, m, y] = [Number(dmy[1]), Number(dmy[2]), Number(dmy[3])];
  else if (ymd) [y, m, d] = [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])];
  else fail(`Dòng ${rowNumber}: ngày “${text.slice(0, 30)}” không hợp lệ (dạng ngày/tháng/năm, ví dụ 25/11/2026).`);
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    fail(`Dòng ${rowNumber}: ngày “${text.slice(0, 30)}” không tồn tại.`);
  }
  return date.toISOString().slice(0, 10);
}
