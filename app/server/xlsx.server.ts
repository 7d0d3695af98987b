import {
  SpreadsheetError,
  cellTooLong,
  columnName,
  tooManyColumns,
  tooManyRows,
  type SpreadsheetCell,
  type SpreadsheetLimits,
  type SpreadsheetRow,
} from "~/lib/spreadsheet";
import { setImmediate as nextTurn } from "node:timers/promises";
import { ZipArchive, ZipError } from "./zip.server";

/*
 * The first sheet of an Excel .xlsx as rows of cells, read without trusting the file (decision
 * 0044). The XML parts are read by a tokenizer that walks the text once, finding each "<", ">",
 * quote and entity end with indexOf from where it stands and never going back; every element
 * is checked against the bounds as it opens (rows, columns, cells, shared strings, nesting
 * depth, a cell's length), so the first bound crossed ends the read. Reads shared strings (rich
 * text runs joined, phonetic guides left out, as Excel shows them), inline strings, CDATA,
 * numbers, booleans (0/1), formula results and ISO dates; date serials stay numbers. Parts are
 * inflated off the event loop and the tokenizer gives the event loop a turn every few
 * milliseconds, so even a file at the bounds never holds up other requests.
 */

export interface XlsxLimits extends SpreadsheetLimits {
  /** `<c>` elements in the sheet, empty or not. */
  maxCells: number;
  /** XML elements in all the parts read (the tokenizer's work, whatever the elements are). */
  maxElements: number;
  maxSharedStrings: number;
  /** Nesting of XML elements (a sheet needs about 8). */
  maxDepth: number;
  /** Bytes one XML part may inflate to. */
  maxPartBytes: number;
  /** Bytes the parts read may inflate to together. */
  maxTotalBytes: number;
}

/** An .xlsx has a few dozen parts. */
const MAX_ZIP_ENTRIES = 4096;
/** Excel's last row and column (XFD). */
const EXCEL_ROWS = 1_048_576;
const EXCEL_COLUMNS = 16_384;

const count = (n: number) => n.toLocaleString("vi-VN");
const megabytes = (n: number) => `${count(Math.round(n / 1024 / 1024))} MB`;

const NOT_XLSX =
  "Không đọc được tệp Excel: tệp bị hỏng hoặc không phải .xlsx. Hãy mở tệp bằng Excel, lưu lại dạng .xlsx rồi nhập lại.";

function corrupt(detail: string, row: number | null = null): SpreadsheetError {
  return new SpreadsheetError(
    "corrupt",
    `Tệp Excel bị hỏng (${detail}): hãy mở tệp bằng Excel, lưu lại dạng .xlsx rồi nhập lại.`,
    row,
  );
}

/** The first sheet's non-blank rows, or a SpreadsheetError saying what is wrong with the file. */
export async function readXlsxRows(bytes: Uint8Array, limits: XlsxLimits): Promise<SpreadsheetRow[]> {
  try {
    let archive: ZipArchive;
    try {
      archive = new ZipArchive(bytes, {
        maxEntries: MAX_ZIP_ENTRIES,
        maxEntryBytes: limits.maxPartBytes,
        maxTotalBytes: limits.maxTotalBytes,
      });
    } catch (error) {
      if (error instanceof ZipError) throw new SpreadsheetError("corrupt", NOT_XLSX);
      throw error;
    }
    const part = async (name: string) => {
      const data = await archive.read(name);
      return data && xmlText(data);
    };
    const scan: ScanLimits = { maxDepth: limits.maxDepth, maxElements: limits.maxElements, elements: 0 };
    const sheetPath = await firstSheetPath(archive, part, scan);
    const sheet = await part(sheetPath);
    if (sheet === null) throw new SpreadsheetError("corrupt", NOT_XLSX);
    const stringsXml = await part("xl/sharedStrings.xml");
    const strings = stringsXml === null ? [] : await readSharedStrings(stringsXml, limits, scan);
    const reader = new SheetReader(strings, limits);
    await scanXml(sheet, reader, scan);
    return reader.rows;
  } catch (error) {
    if (error instanceof ZipError) {
      if (error.problem === "too_large") {
        throw new SpreadsheetError(
          "too_large",
          `Tệp Excel quá lớn khi giải nén (tối đa ${megabytes(limits.maxPartBytes)} mỗi phần, ${megabytes(limits.maxTotalBytes)} cả tệp): hãy chia tệp thành nhiều phần.`,
        );
      }
      throw corrupt(error.detail);
    }
    throw error;
  }
}

function xmlText(data: Uint8Array): string {
  try {
    if (data[0] === 0xff && data[1] === 0xfe) return new TextDecoder("utf-16le", { fatal: true }).decode(data);
    if (data[0] === 0xfe && data[1] === 0xff) return new TextDecoder("utf-16be", { fatal: true }).decode(data);
    return new TextDecoder("utf-8", { fatal: true }).decode(data);
  } catch {
    throw corrupt("có ký tự không phải UTF-8");
  }
}

// ---------------------------------------------------------------- the tokenizer

type XmlAttributes = Record<string, string>;
const NO_ATTRIBUTES: XmlAttributes = Object.freeze({}) as XmlAttributes;

/** What a part's reader is told, in document order; names are local (no "x:" prefix). */
interface XmlHandler {
  /** Whether the text here is read; other text is skipped without being decoded. */
  readonly wantsText: boolean;
  open(name: string, attributes: XmlAttributes, selfClosing: boolean): void;
  close(name: string): void;
  text(text: string): void;
}

const MAX_ATTRIBUTES = 64;
/** The bounds of one file's tokenizing: `elements` counts across its parts. */
interface ScanLimits {
  maxDepth: number;
  maxElements: number;
  elements: number;
}

/** The tokenizer works this long at most before letting other requests run. */
const SLICE_MS = 10;

const localName = (name: string) => {
  const colon = name.indexOf(":");
  return colon < 0 ? name : name.slice(colon + 1);
};

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
/** Ends a tag's or an attribute's name. */
const endsName = (c: number) => isSpace(c) || c === 0x2f /* / */ || c === 0x3e /* > */ || c === 0x3d; /* = */

/**
 * One pass over `xml`: every indexOf starts where the last one ended and either moves the
 * position past what it found or ends the read with an error, so the work is linear in the
 * text's length whatever the text is. No DTD (OOXML has none; entity expansion stays out).
 */
async function scanXml(xml: string, handler: XmlHandler, limits: ScanLimits): Promise<void> {
  /** The open elements' names as written, and without their prefix. */
  const open: string[] = [];
  const locals: string[] = [];
  let seenElement = false;
  let at = 0;
  let steps = 0;
  let sliceStart = performance.now();
  const length = xml.length;
  while (at < length) {
    if (++steps % 1024 === 0 && performance.now() - sliceStart > SLICE_MS) {
      await nextTurn();
      sliceStart = performance.now();
    }
    const lt = xml.indexOf("<", at);
    if (lt < 0) {
      if (handler.wantsText) handler.text(decodeEntities(xml.slice(at)));
      break;
    }
    if (lt > at && handler.wantsText) handler.text(decodeEntities(xml.slice(at, lt)));
    const next = xml.charCodeAt(lt + 1);
    if (next === 0x3f /* ? */) {
      at = skipPast(xml, "?>", lt + 2, "khai báo XML không đóng");
    } else if (next === 0x21 /* ! */) {
      if (xml.startsWith("<!--", lt)) at = skipPast(xml, "-->", lt + 4, "chú thích XML không đóng");
      else if (xml.startsWith("<![CDATA[", lt)) {
        const end = xml.indexOf("]]>", lt + 9);
        if (end < 0) throw corrupt("đoạn CDATA không đóng");
        if (handler.wantsText) handler.text(xml.slice(lt + 9, end));
        at = end + 3;
      } else throw corrupt("có khai báo DOCTYPE");
    } else if (next === 0x2f /* / */) {
      const expected = open.pop();
      if (expected === undefined) throw corrupt("có thẻ đóng thừa");
      let gt = lt + 2 + expected.length;
      while (gt < length && isSpace(xml.charCodeAt(gt))) gt++;
      if (!xml.startsWith(expected, lt + 2) || xml.charCodeAt(gt) !== 0x3e /* > */) {
        throw corrupt(`thẻ <${expected.slice(0, 20)}> không được đóng`);
      }
      handler.close(locals.pop()!);
      at = gt + 1;
    } else {
      let p = lt + 1;
      while (p < length && !endsName(xml.charCodeAt(p))) p++;
      const name = xml.slice(lt + 1, p);
      if (name === "") throw corrupt("có dấu < không mở thẻ");
      let attributes = NO_ATTRIBUTES;
      let attributeCount = 0;
      let selfClosing = false;
      for (;;) {
        while (p < length && isSpace(xml.charCodeAt(p))) p++;
        const c = xml.charCodeAt(p);
        if (c === 0x3e /* > */) {
          p++;
          break;
        }
        if (c === 0x2f /* / */ && xml.charCodeAt(p + 1) === 0x3e) {
          selfClosing = true;
          p += 2;
          break;
        }
        const nameStart = p;
        while (p < length && !endsName(xml.charCodeAt(p))) p++;
        const attribute = xml.slice(nameStart, p);
        while (p < length && isSpace(xml.charCodeAt(p))) p++;
        if (attribute === "" || xml.charCodeAt(p) !== 0x3d /* = */) throw corrupt(`thẻ <${name.slice(0, 20)}> viết sai`);
        p++;
        while (p < length && isSpace(xml.charCodeAt(p))) p++;
        const quote = xml.charCodeAt(p);
        if (quote !== 0x22 && quote !== 0x27) throw corrupt(`thẻ <${name.slice(0, 20)}> viết sai`);
        const close = xml.indexOf(quote === 0x22 ? '"' : "'", p + 1);
        if (close < 0) throw corrupt(`thẻ <${name.slice(0, 20)}> không đóng`);
        if (++attributeCount > MAX_ATTRIBUTES) throw corrupt(`thẻ <${name.slice(0, 20)}> có quá nhiều thuộc tính`);
        if (attributes === NO_ATTRIBUTES) attributes = {};
        // Values are strings: "__proto__" as a name sets nothing on a plain object.
        attributes[attribute] = decodeEntities(xml.slice(p + 1, close));
        p = close + 1;
      }
      seenElement = true;
      if (++limits.elements > limits.maxElements) {
        throw new SpreadsheetError(
          "cells",
          `Tệp Excel quá phức tạp (hơn ${count(limits.maxElements)} thẻ XML): hãy xoá các cột, dòng thừa hoặc chia tệp thành nhiều phần.`,
        );
      }
      if (!selfClosing && open.length >= limits.maxDepth) {
        throw corrupt(`các thẻ lồng nhau quá ${limits.maxDepth} tầng — có thẻ không được đóng`);
      }
      const local = localName(name);
      if (!selfClosing) {
        open.push(name);
        locals.push(local);
      }
      handler.open(local, attributes, selfClosing);
      if (selfClosing) handler.close(local);
      at = p;
    }
  }
  if (open.length > 0) throw corrupt(`thẻ <${open[open.length - 1].slice(0, 20)}> không được đóng đến hết tệp`);
  if (!seenElement) throw corrupt("một phần của tệp không phải XML");
}

function skipPast(xml: string, end: string, from: number, problem: string): number {
  const at = xml.indexOf(end, from);
  if (at < 0) throw corrupt(problem);
  return at + end.length;
}

const namedEntities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** XML's Char production: what a character reference may name. */
const isXmlChar = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  (code >= 0x10000 && code <= 0x10ffff);

/** Replaces the five named entities and character references; anything else is a broken file. */
function decodeEntities(text: string): string {
  let amp = text.indexOf("&");
  if (amp < 0) return text;
  let out = "";
  let at = 0;
  while (amp >= 0) {
    out += text.slice(at, amp);
    // Entities are short: look for the ";" within a few characters only.
    const semicolon = text.slice(amp + 1, amp + 12).indexOf(";");
    const entity = semicolon < 0 ? "" : text.slice(amp + 1, amp + 1 + semicolon);
    let decoded: string | undefined;
    if (entity.startsWith("#")) {
      const hex = entity[1] === "x";
      const digits = entity.slice(hex ? 2 : 1);
      if (hex ? /^[0-9a-fA-F]{1,6}$/.test(digits) : /^[0-9]{1,7}$/.test(digits)) {
        const code = parseInt(digits, hex ? 16 : 10);
        if (isXmlChar(code)) decoded = String.fromCodePoint(code);
      }
    } else decoded = namedEntities[entity];
    if (decoded === undefined) {
      throw corrupt(`ký tự “&${(semicolon < 0 ? text.slice(amp + 1, amp + 11) : entity + ";").slice(0, 12)}” không hợp lệ`);
    }
    out += decoded;
    at = amp + 2 + semicolon;
    amp = text.indexOf("&", at);
  }
  return out + text.slice(at);
}

// ---------------------------------------------------------------- the parts

async function firstSheetPath(
  archive: ZipArchive,
  part: (name: string) => Promise<string | null>,
  scan: ScanLimits,
): Promise<string> {
  const fallback = "xl/worksheets/sheet1.xml";
  const workbook = await part("xl/workbook.xml");
  if (workbook === null) return fallback;
  let relationId: string | null = null;
  await scanXml(
    workbook,
    {
      wantsText: false,
      open(name, attributes) {
        if (name !== "sheet" || relationId !== null) return;
        const key = Object.keys(attributes).find((k) => k.endsWith(":id"));
        relationId = key ? attributes[key] : "";
      },
      close() {},
      text() {},
    },
    scan,
  );
  const rels = relationId ? await part("xl/_rels/workbook.xml.rels") : null;
  if (rels === null) return fallback;
  let target: string | null = null;
  await scanXml(
    rels,
    {
      wantsText: false,
      open(name, attributes) {
        if (name === "Relationship" && target === null && attributes.Id === relationId) target = attributes.Target ?? "";
      },
      close() {},
      text() {},
    },
    scan,
  );
  if (!target) return fallback;
  const path = resolvePath(target);
  return archive.has(path) ? path : fallback;
}

/** A relationship's target, relative to xl/ unless it starts with "/". */
function resolvePath(target: string): string {
  const segments = target.startsWith("/") ? [] : ["xl"];
  for (const segment of target.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  return segments.join("/");
}

async function readSharedStrings(xml: string, limits: XlsxLimits, scan: ScanLimits): Promise<string[]> {
  const strings: string[] = [];
  let text: string | null = null;
  let collecting = false;
  let phonetic = 0;
  await scanXml(
    xml,
    {
      get wantsText() {
        return collecting;
      },
      open(name) {
        if (name === "si") {
          if (strings.length >= limits.maxSharedStrings) {
            throw new SpreadsheetError(
              "shared_strings",
              `Tệp Excel có quá nhiều chuỗi văn bản: tối đa ${count(limits.maxSharedStrings)}. Hãy chia tệp thành nhiều phần.`,
            );
          }
          text = "";
        } else if (name === "rPh") phonetic++;
        else if (name === "t" && text !== null && phonetic === 0) collecting = true;
      },
      close(name) {
        if (name === "si" && text !== null) {
          strings.push(text);
          text = null;
        } else if (name === "rPh") phonetic--;
        else if (name === "t") collecting = false;
      },
      text(chunk) {
        if (!collecting || text === null) return;
        text += chunk;
        if (text.length > limits.maxCellChars) {
          throw new SpreadsheetError(
            "cell_text",
            `Tệp Excel có ô dài hơn ${count(limits.maxCellChars)} ký tự: hãy kiểm tra lại tệp.`,
          );
        }
      },
    },
    scan,
  );
  return strings;
}

/** "B7" → 1; a reference Excel cannot have (more than three letters, past XFD) is a broken file. */
function columnOf(reference: string, row: number): number {
  let column = 0;
  let letters = 0;
  // Four letters are enough to know the reference is past XFD: never read a long run of them.
  for (; letters < 4 && letters < reference.length; letters++) {
    const c = reference.charCodeAt(letters) & ~0x20; // upper case
    if (c < 65 || c > 90) break;
    column = column * 26 + (c - 64);
  }
  if (letters === 0 || letters > 3 || column > EXCEL_COLUMNS || !/^[0-9]{1,7}$/.test(reference.slice(letters))) {
    throw corrupt(`ô “${reference.slice(0, 20)}” ở dòng ${count(row)} có địa chỉ không hợp lệ`, row);
  }
  return column - 1;
}

class SheetReader implements XmlHandler {
  readonly rows: SpreadsheetRow[] = [];
  private inSheetData = false;
  /** The open row's number, 0 outside a row. */
  private row = 0;
  private lastRow = 0;
  private cells: SpreadsheetCell[] = [];
  private cellCount = 0;
  private inCell = false;
  private column = -1;
  private type = "n";
  private value: string | null = null;
  private inline: string | null = null;
  private phonetic = 0;
  private collecting: "v" | "t" | null = null;
  private buffer = "";

  constructor(
    private readonly strings: string[],
    private readonly limits: XlsxLimits,
  ) {}

  get wantsText(): boolean {
    return this.collecting !== null;
  }

  open(name: string, attributes: XmlAttributes): void {
    if (name === "sheetData") this.inSheetData = true;
    else if (!this.inSheetData) return;
    else if (name === "row") this.openRow(attributes.r);
    else if (name === "c") this.openCell(attributes);
    else if (!this.inCell) return;
    else if (name === "v") this.collect("v");
    else if (name === "is") this.inline = "";
    else if (name === "rPh") this.phonetic++;
    else if (name === "t" && this.inline !== null && this.phonetic === 0) this.collect("t");
  }

  close(name: string): void {
    if (name === "sheetData") this.inSheetData = false;
    else if (name === "row" && this.row !== 0) this.closeRow();
    else if (name === "c" && this.inCell) this.closeCell();
    else if (name === "v" && this.collecting === "v") {
      this.value = this.buffer;
      this.collecting = null;
    } else if (name === "t" && this.collecting === "t") {
      this.inline += this.buffer;
      if (this.inline!.length > this.limits.maxCellChars) throw cellTooLong(this.limits, this.row);
      this.collecting = null;
    } else if (name === "rPh" && this.phonetic > 0) this.phonetic--;
  }

  text(text: string): void {
    if (this.collecting === null) return;
    this.buffer += text;
    if (this.buffer.length > this.limits.maxCellChars) throw cellTooLong(this.limits, this.row);
  }

  private collect(what: "v" | "t") {
    this.collecting = what;
    this.buffer = "";
  }

  private openRow(reference: string | undefined) {
    if (this.row !== 0) throw corrupt(`dòng ${count(this.row)} không được đóng trước dòng sau`, this.row);
    let row = this.lastRow + 1;
    if (reference !== undefined) {
      row = /^[0-9]{1,7}$/.test(reference) ? Number(reference) : 0;
      if (row < 1 || row > EXCEL_ROWS || row <= this.lastRow) {
        throw corrupt(`số dòng “${reference.slice(0, 20)}” không hợp lệ hoặc không theo thứ tự`);
      }
    }
    if (row > EXCEL_ROWS) throw corrupt("quá 1.048.576 dòng");
    this.row = this.lastRow = row;
    this.cells = [];
    this.column = -1;
  }

  private openCell(attributes: XmlAttributes) {
    if (this.row === 0) throw corrupt("có ô nằm ngoài dòng");
    if (this.inCell) throw corrupt(`ô ở dòng ${count(this.row)} không được đóng`, this.row);
    if (++this.cellCount > this.limits.maxCells) {
      throw new SpreadsheetError(
        "cells",
        `Tệp Excel có quá nhiều ô: tối đa ${count(this.limits.maxCells)} ô. Hãy xoá các cột, dòng thừa hoặc chia tệp thành nhiều phần.`,
      );
    }
    this.inCell = true;
    this.column = attributes.r === undefined ? this.column + 1 : columnOf(attributes.r, this.row);
    if (this.column >= EXCEL_COLUMNS) throw corrupt(`dòng ${count(this.row)} có quá 16.384 cột`, this.row);
    this.type = attributes.t ?? "n";
    this.value = null;
    this.inline = null;
    this.phonetic = 0;
    this.collecting = null;
  }

  private closeCell() {
    this.inCell = false;
    const value = this.cellValue();
    if (value === null || (typeof value === "string" && value.trim() === "")) return;
    if (this.column >= this.limits.maxColumns) throw tooManyColumns(this.limits, this.row, columnName(this.column));
    if (this.cells.length === 0 && this.rows.length >= this.limits.maxRows) throw tooManyRows(this.limits);
    this.cells[this.column] = value;
  }

  private closeRow() {
    if (this.cells.length > 0) this.rows.push({ row: this.row, cells: Array.from(this.cells, (c) => c ?? null) });
    this.row = 0;
  }

  private cellValue(): SpreadsheetCell {
    const raw = this.value;
    switch (this.type) {
      case "inlineStr":
        return this.inline ?? raw;
      case "s": {
        if (raw === null) return null;
        const index = /^\s*[0-9]{1,9}\s*$/.test(raw) ? Number(raw) : -1;
        if (index < 0 || index >= this.strings.length) {
          throw corrupt(`ô ở dòng ${count(this.row)} trỏ tới chuỗi văn bản không có`, this.row);
        }
        return this.strings[index];
      }
      // A formula's text result, an error such as #N/A, an ISO date: the text as written.
      case "str":
      case "e":
      case "d":
        return raw;
      default: {
        if (raw === null || raw.trim() === "") return null;
        const number = Number(raw);
        if (!Number.isFinite(number)) {
          throw corrupt(`ô ở dòng ${count(this.row)} có số “${raw.slice(0, 20)}” không hợp lệ`, this.row);
        }
        return number;
      }
    }
  }
}
