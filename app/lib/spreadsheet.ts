/*
 * What the file readers (CSV in ./csv.ts, Excel .xlsx in app/server/xlsx.server.ts) share: the
 * bounds a file must fit in, and the one error they throw. A reader makes a single pass over its
 * input and stops at the first bound crossed, so no file costs more than its size in time and
 * memory (decision 0044). Messages are Vietnamese and name the row as Excel shows it; a caller
 * may say a problem in its own words (the payout import's row limit) by looking at `problem`.
 */

/** A cell as read: text, a number (an Excel number, date serial or boolean 0/1) or empty. */
export type SpreadsheetCell = string | number | null;

/** A row that has at least one non-blank cell, with its number as Excel shows it (header = 1). */
export interface SpreadsheetRow<C = SpreadsheetCell> {
  row: number;
  cells: C[];
}

export interface SpreadsheetLimits {
  /** Non-blank rows; blank rows are skipped and cost nothing. */
  maxRows: number;
  /** Columns A… that may hold a value (64 = A to BL). */
  maxColumns: number;
  /** Characters in one cell: Excel's own limit is 32,767. */
  maxCellChars: number;
}

/** Excel's limit on the text of one cell. */
export const EXCEL_MAX_CELL_CHARS = 32_767;

export type SpreadsheetProblem =
  | "rows"
  | "columns"
  | "cells"
  | "cell_text"
  | "unclosed_quote"
  | "shared_strings"
  | "too_large"
  | "corrupt";

export class SpreadsheetError extends Error {
  constructor(
    readonly problem: SpreadsheetProblem,
    message: string,
    /** The row as Excel shows it, when the problem is in one row. */
    readonly row: number | null = null,
  ) {
    super(message);
    this.name = "SpreadsheetError";
  }
}

const count = (n: number) => n.toLocaleString("vi-VN");

/** 0 → "A", 25 → "Z", 26 → "AA", 63 → "BL". */
export function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

export const tooManyRows = (limits: SpreadsheetLimits) =>
  new SpreadsheetError("rows", `Tệp có quá nhiều dòng: tối đa ${count(limits.maxRows)} dòng có dữ liệu.`);

export const tooManyColumns = (limits: SpreadsheetLimits, row: number, column: string) =>
  new SpreadsheetError(
    "columns",
    `Dòng ${count(row)} có dữ liệu ở cột ${column}: tệp chỉ được có tối đa ${limits.maxColumns} cột (A–${columnName(limits.maxColumns - 1)}). Hãy xoá các cột thừa rồi nhập lại.`,
    row,
  );

export const cellTooLong = (limits: SpreadsheetLimits, row: number, hint = "") =>
  new SpreadsheetError(
    "cell_text",
    `Dòng ${count(row)} có ô dài hơn ${count(limits.maxCellChars)} ký tự${hint}.`,
    row,
  );
