import { crc32, deflateRawSync } from "node:zlib";

/*
 * Hostile payout files, generated (decision 0044): each is small to send and built to make a
 * careless reader spend time or memory — unclosed elements, references past Excel's grid, bad
 * character references, zip bombs (honest and lying about their size), deep nesting, floods of
 * cells or strings, and CSVs with a million columns or a quote never closed. Each comes with
 * the message the payout import must answer. Used by the tests and bench/hostile-imports.ts.
 */

interface ZipPart {
  name: string;
  /** The part's bytes, deflated by the writer. */
  data?: Uint8Array | string;
  /** Or an already deflated stream and the size the archive claims it inflates to. */
  deflated?: { stream: Uint8Array; declaredSize: number };
  /** Stored without compression (byte-level fuzzing reaches the XML itself). */
  stored?: boolean;
}

const utf8 = (text: string) => new TextEncoder().encode(text);

/** A ZIP archive as Excel writes one: a local header and data per part, a central directory, its end. */
export function zipOf(parts: ZipPart[]): Uint8Array {
  const chunks: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = utf8(part.name);
    const raw = typeof part.data === "string" ? utf8(part.data) : part.data;
    const stream = part.deflated?.stream ?? (part.stored ? raw! : new Uint8Array(deflateRawSync(raw!)));
    const size = part.deflated?.declaredSize ?? raw!.length;
    const crc = raw ? crc32(raw) : 0;
    const method = part.stored ? 0 : 8;
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(8, method, true);
    local.setUint16(12, 0x21, true);
    local.setUint32(14, crc, true);
    local.setUint32(18, stream.length, true);
    local.setUint32(22, size, true);
    local.setUint16(26, name.length, true);
    const entry = new DataView(new ArrayBuffer(46));
    entry.setUint32(0, 0x02014b50, true);
    entry.setUint16(4, 20, true);
    entry.setUint16(6, 20, true);
    entry.setUint16(10, method, true);
    entry.setUint16(14, 0x21, true);
    entry.setUint32(16, crc, true);
    entry.setUint32(20, stream.length, true);
    entry.setUint32(24, size, true);
    entry.setUint16(28, name.length, true);
    entry.setUint32(42, offset, true);
    chunks.push(new Uint8Array(local.buffer), name, stream);
    central.push(new Uint8Array(entry.buffer), name);
    offset += 30 + name.length + stream.length;
  }
  const centralSize = central.reduce((n, c) => n + c.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, parts.length, true);
  end.setUint16(10, parts.length, true);
  end.setUint32(12, centralSize, true);
  end.setUint32(16, offset, true);
  const all = [...chunks, ...central, new Uint8Array(end.buffer)];
  const out = new Uint8Array(all.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of all) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

const workbookParts: ZipPart[] = [
  { name: "[Content_Types].xml", data: '<?xml version="1.0" encoding="UTF-8"?><Types/>' },
  {
    name: "xl/workbook.xml",
    data: '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Đối soát" sheetId="1" r:id="rId1"/></sheets></workbook>',
  },
  {
    name: "xl/_rels/workbook.xml.rels",
    data: '<?xml version="1.0" encoding="UTF-8"?><Relationships><Relationship Id="rId1" Type="worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  },
];

/** A worksheet part around some `<row>`s. */
export const sheetXml = (rows: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;

/** An .xlsx whose first sheet is `sheet` (a part's text, or a deflated stream with a declared size). */
export function xlsxOf(
  sheet: string | ZipPart["deflated"],
  options: { sharedStrings?: string; stored?: boolean } = {},
): Uint8Array {
  const parts = [
    ...workbookParts.map((p) => ({ ...p, stored: options.stored })),
    typeof sheet === "string"
      ? { name: "xl/worksheets/sheet1.xml", data: sheet, stored: options.stored }
      : { name: "xl/worksheets/sheet1.xml", deflated: sheet },
  ];
  if (options.sharedStrings !== undefined) {
    parts.push({ name: "xl/sharedStrings.xml", data: options.sharedStrings, stored: options.stored });
  }
  return zipOf(parts);
}

const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
/** Row 1: the two columns a payout needs. */
export const HEADER_ROW = `<row r="1">${inline("A1", "Mã vận đơn")}${inline("B1", "Tiền thu hộ")}</row>`;
/** A payout line in row `n`. */
export const lineRow = (n: number, code: string, amount: number) =>
  `<row r="${n}">${inline(`A${n}`, code)}<c r="B${n}"><v>${amount}</v></c></row>`;

/**
 * A raw DEFLATE stream (fixed Huffman codes) that inflates to about `size` spaces (exactly
 * `inflated`): one literal, then "copy 258 bytes from 1 back" over and over — 13 bits for 258
 * bytes, built without ever holding the inflated bytes.
 */
export function spacesDeflated(size: number): { stream: Uint8Array; inflated: number } {
  const copies = Math.max(0, Math.floor((size - 1) / 258));
  const out = new Uint8Array(Math.ceil((3 + 8 + copies * 13 + 7) / 8));
  let bit = 0;
  const field = (value: number, count: number) => {
    // Header fields: least significant bit first.
    for (let i = 0; i < count; i++, bit++) if ((value >> i) & 1) out[bit >> 3] |= 1 << (bit & 7);
  };
  const code = (value: number, count: number) => {
    // Huffman codes: most significant bit first.
    for (let i = count - 1; i >= 0; i--, bit++) if ((value >> i) & 1) out[bit >> 3] |= 1 << (bit & 7);
  };
  field(1, 1); // last block
  field(1, 2); // fixed Huffman codes
  code(0x30 + 0x20, 8); // the literal " "
  for (let i = 0; i < copies; i++) {
    code(0xc0 + 5, 8); // length 258 (symbol 285)
    code(0, 5); // distance 1
  }
  code(0, 7); // end of block
  return { stream: out, inflated: 1 + copies * 258 };
}

/** An .xlsx whose sheet part is about `size` bytes of spaces, claiming `declaredSize` (default: the truth). */
export function zipBomb(size: number, declaredSize?: number): Uint8Array {
  const { stream, inflated } = spacesDeflated(size);
  return xlsxOf({ stream, declaredSize: declaredSize ?? inflated });
}

export interface HostileFile {
  name: string;
  fileName: string;
  bytes: () => Uint8Array;
  /** The payout import's answer. */
  message: RegExp;
}

const MB = 1024 * 1024;

export const unclosedRows = (count: number) => xlsxOf(sheetXml("<row>".repeat(count)));
export const unclosedQuoteCsv = (bytes: number) =>
  utf8(`Mã vận đơn,Tiền thu hộ\n"GHN1,450000\n${"GHN2,450000\n".repeat(Math.floor(bytes / 12))}`);

export const hostileFiles: HostileFile[] = [
  {
    name: "128,000 unclosed <row> elements",
    fileName: "hang.xlsx",
    bytes: () => unclosedRows(128_000),
    message: /^Tệp Excel bị hỏng \(dòng 1 không được đóng trước dòng sau\)/,
  },
  {
    name: "a column reference past XFD (UVXWK1)",
    fileName: "rong.xlsx",
    bytes: () => xlsxOf(sheetXml('<row r="1"><c r="UVXWK1"><v>1</v></c></row>')),
    message: /^Tệp Excel bị hỏng \(ô “UVXWK1” ở dòng 1 có địa chỉ không hợp lệ\)/,
  },
  {
    name: "a value in Excel's last cell (XFD1048576)",
    fileName: "goc.xlsx",
    bytes: () => xlsxOf(sheetXml(`${HEADER_ROW}<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>`)),
    message: /^Dòng 1\.048\.576 có dữ liệu ở cột XFD: tệp chỉ được có tối đa 64 cột \(A–BL\)/,
  },
  {
    name: "a character reference past Unicode (&#x110000;)",
    fileName: "ky-tu.xlsx",
    bytes: () => xlsxOf(sheetXml(`${HEADER_ROW}<row r="2">${inline("A2", "GHN&#x110000;")}</row>`)),
    message: /^Tệp Excel bị hỏng \(ký tự “&#x110000;” không hợp lệ\)/,
  },
  {
    name: "a NUL character reference in a shared string (&#0;)",
    fileName: "nul.xlsx",
    bytes: () =>
      xlsxOf(sheetXml(`${HEADER_ROW}<row r="2"><c r="A2" t="s"><v>0</v></c></row>`), {
        sharedStrings: "<sst><si><t>GHN&#0;</t></si></sst>",
      }),
    message: /^Tệp Excel bị hỏng \(ký tự “&#0;” không hợp lệ\)/,
  },
  {
    name: "a zip bomb: 400 MB of spaces, declared honestly",
    fileName: "bom.xlsx",
    bytes: () => zipBomb(400 * MB),
    message: /^Tệp Excel quá lớn khi giải nén \(tối đa 40 MB mỗi phần, 60 MB cả tệp\)/,
  },
  {
    name: "a zip bomb: 400 MB of spaces declared as 2 KB",
    fileName: "bom-gia.xlsx",
    bytes: () => zipBomb(400 * MB, 2048),
    message: /^Tệp Excel bị hỏng \(kích thước giải nén lớn hơn kích thước khai báo\)/,
  },
  {
    name: "a zip bomb: 400 MB of spaces declared just under the part bound",
    fileName: "bom-sat.xlsx",
    bytes: () => zipBomb(400 * MB, 39 * MB),
    message: /^Tệp Excel bị hỏng \(kích thước giải nén lớn hơn kích thước khai báo\)/,
  },
  {
    name: "200,000 nested elements in a cell",
    fileName: "long.xlsx",
    bytes: () => xlsxOf(sheetXml(`${HEADER_ROW}<row r="2"><c r="A2" t="inlineStr"><is>${"<r>".repeat(200_000)}`)),
    message: /^Tệp Excel bị hỏng \(các thẻ lồng nhau quá 32 tầng/,
  },
  {
    name: "a DOCTYPE with entities (billion laughs)",
    fileName: "cuoi.xlsx",
    bytes: () =>
      xlsxOf(
        `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;">]>${sheetXml(`${HEADER_ROW}<row r="2">${inline("A2", "&lol2;")}</row>`)}`,
      ),
    message: /^Tệp Excel bị hỏng \(có khai báo DOCTYPE\)/,
  },
  {
    name: "300,001 shared strings",
    fileName: "chuoi.xlsx",
    bytes: () =>
      xlsxOf(sheetXml(HEADER_ROW), { sharedStrings: `<sst>${"<si><t>x</t></si>".repeat(300_001)}</sst>` }),
    message: /^Tệp Excel có quá nhiều chuỗi văn bản: tối đa 300\.000/,
  },
  {
    name: "1,000,001 empty cells in rows of 64",
    fileName: "o.xlsx",
    bytes: () => xlsxOf(sheetXml(`<row>${"<c/>".repeat(64)}</row>`.repeat(Math.ceil(1_000_001 / 64)))),
    message: /^Tệp Excel có quá nhiều ô: tối đa 1\.000\.000 ô/,
  },
  {
    name: "1,000,001 empty cells in one row",
    fileName: "o-dong.xlsx",
    bytes: () => xlsxOf(sheetXml(`<row r="1">${"<c/>".repeat(1_000_001)}</row>`)),
    message: /^Tệp Excel bị hỏng \(dòng 1 có quá 16\.384 cột\)/,
  },
  {
    name: "3,000,001 elements of no meaning",
    fileName: "the.xlsx",
    bytes: () => xlsxOf(sheetXml(`${HEADER_ROW}${"<x/>".repeat(3_000_001)}`)),
    message: /^Tệp Excel quá phức tạp \(hơn 3\.000\.000 thẻ XML\)/,
  },
  {
    name: "a cell of 40,000 characters",
    fileName: "dai.xlsx",
    bytes: () => xlsxOf(sheetXml(`${HEADER_ROW}<row r="2">${inline("A2", "x".repeat(40_000))}</row>`)),
    message: /^Dòng 2 có ô dài hơn 32\.767 ký tự/,
  },
  {
    name: "an .xlsx with 20,031 lines",
    fileName: "nhieu.xlsx",
    bytes: () =>
      xlsxOf(sheetXml(HEADER_ROW + Array.from({ length: 20_031 }, (_, i) => lineRow(i + 2, `M${i}`, 1000)).join(""))),
    message: /^Tệp có quá nhiều dòng: tối đa 20\.000 dòng mỗi lần nhập/,
  },
  {
    name: "a CSV line of a million columns",
    fileName: "cot.csv",
    bytes: () => utf8(`Mã vận đơn,Tiền thu hộ\nGHN1,450000${",x".repeat(1_000_000)}\n`),
    message: /^Dòng 2 có dữ liệu ở cột BM: tệp chỉ được có tối đa 64 cột \(A–BL\)/,
  },
  {
    name: "a CSV quote never closed, over 4.9 MB",
    fileName: "ngoac.csv",
    bytes: () => unclosedQuoteCsv(4.9 * MB),
    message: /^Dòng 2 có ô dài hơn 32\.767 ký tự \(có thể thiếu dấu ngoặc kép " đóng ô\)/,
  },
  {
    name: "a CSV quote never closed at the end",
    fileName: "ngoac-cuoi.csv",
    bytes: () => utf8('Mã vận đơn,Tiền thu hộ\nGHN1,450000\n"GHN2,450000\n'),
    message: /^Dòng 3: dấu ngoặc kép \("\) mở một ô nhưng không được đóng đến hết tệp/,
  },
];
