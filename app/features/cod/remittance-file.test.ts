import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { AppError } from "~/server/errors.server";
import { HEADER_ROW, hostileFiles, lineRow, sheetXml, xlsxOf } from "~/test/hostile-spreadsheets";
import { MAX_REMITTANCE_FILE_BYTES, parseRemittanceFile } from "./remittance-file.server";

const utf8 = (text: string) => new TextEncoder().encode(text);

function utf16le(text: string, bom = true): Uint8Array {
  const bytes = new Uint8Array((bom ? 2 : 0) + text.length * 2);
  if (bom) bytes.set([0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    bytes[(bom ? 2 : 0) + i * 2] = code & 0xff;
    bytes[(bom ? 2 : 0) + i * 2 + 1] = code >> 8;
  }
  return bytes;
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const columnName = (i: number) => String.fromCharCode(65 + i);

/** A minimal .xlsx as Excel writes it: shared strings for text, numbers as numbers, one inline string. */
function xlsx(rows: Array<Array<string | number | null>>): Uint8Array {
  const strings: string[] = [];
  const sheetRows = rows
    .map((row, r) => {
      const cells = row
        .map((value, c) => {
          const ref = `${columnName(c)}${r + 1}`;
          if (value === null) return "";
          if (typeof value === "number") return `<c r="${ref}" s="1"><v>${value}</v></c>`;
          if (value.startsWith("inline:"))
            return `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(value.slice(7))}</t></is></c>`;
          strings.push(value);
          return `<c r="${ref}" t="s"><v>${strings.length - 1}</v></c>`;
        })
        .join("");
      return `<row r="${r + 1}">${cells}</row>`;
    })
    .join("");
  return zipSync({
    "[Content_Types].xml": strToU8('<?xml version="1.0"?><Types/>'),
    "xl/workbook.xml": strToU8(
      '<?xml version="1.0"?><workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Đối soát" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    "xl/_rels/workbook.xml.rels": strToU8(
      '<?xml version="1.0"?><Relationships><Relationship Id="rId1" Type="worksheet" Target="worksheets/data.xml"/></Relationships>',
    ),
    "xl/sharedStrings.xml": strToU8(
      `<?xml version="1.0"?><sst>${strings.map((s) => `<si><r><t>${escapeXml(s.slice(0, 2))}</t></r><r><t xml:space="preserve">${escapeXml(s.slice(2))}</t></r></si>`).join("")}</sst>`,
    ),
    "xl/worksheets/data.xml": strToU8(
      `<?xml version="1.0"?><worksheet><sheetData>${sheetRows}</sheetData></worksheet>`,
    ),
  });
}

async function messageOf(fileName: string, bytes: Uint8Array): Promise<string> {
  try {
    await parseRemittanceFile(fileName, bytes);
  } catch (error) {
    expect(error).toMatchObject({ kind: "invalid" });
    return (error as Error).message;
  }
  throw new Error("the file was accepted");
}

describe("remittance file: CSV", () => {
  it("reads GHN's CSV with a BOM, a title block, comma delimiter and amounts with dots", async () => {
    const csv =
      "\uFEFFBẢNG ĐỐI SOÁT COD - Giao Hàng Nhanh\nKỳ: 18/11/2026 - 24/11/2026\n\n" +
      "STT,Mã đơn GHN,Tên người nhận,Tiền thu hộ (VNĐ),Tổng phí,Ngày đối soát\n" +
      '1,GHN8XK21,"Nguyễn Văn An, Q.1",450.000,"22,000",25/11/2026\n' +
      "2,ghn8xk22,Trần Thị Bình,1.250.000 đ,0,25-11-2026\n" +
      ",Tổng cộng,,1.700.000,22.000,\n";
    expect(await parseRemittanceFile("ghn.csv", utf8(csv))).toEqual([
      { rowNumber: 5, trackingCode: "GHN8XK21", codAmount: 450_000, fee: 22_000, remittedOn: "2026-11-25" },
      { rowNumber: 6, trackingCode: "ghn8xk22", codAmount: 1_250_000, fee: 0, remittedOn: "2026-11-25" },
    ]);
  });

  it("reads GHTK's semicolon CSV without BOM, headers in other words and case", async () => {
    const csv = "mã đh;TIỀN COD;Phí dịch vụ;Ngày thanh toán\r\nS1.A2;450000;15000;2026-11-24\r\nS1.A3;300,000;;\r\n";
    expect(await parseRemittanceFile("ghtk.csv", utf8(csv))).toEqual([
      { rowNumber: 2, trackingCode: "S1.A2", codAmount: 450_000, fee: 15_000, remittedOn: "2026-11-24" },
      { rowNumber: 3, trackingCode: "S1.A3", codAmount: 300_000, fee: 0, remittedOn: null },
    ]);
  });

  it("reads Excel's “Unicode text” (UTF-16LE, tab-separated), with or without BOM", async () => {
    const text = "Mã vận đơn\tThu hộ\tPhí\r\nVTP123\t690000\t30000\r\n";
    const expected = [{ rowNumber: 2, trackingCode: "VTP123", codAmount: 690_000, fee: 30_000, remittedOn: null }];
    expect(await parseRemittanceFile("vtp.txt", utf16le(text))).toEqual(expected);
    expect(await parseRemittanceFile("vtp.txt", utf16le(text, false))).toEqual(expected);
  });

  it("refuses wrong columns, naming what is missing and the headers found", async () => {
    const message = await messageOf("sai.csv", utf8("Mã đơn hàng,Người nhận,Số điện thoại\nGHN1,An,0901234567\n"));
    expect(message).toContain("Không tìm thấy cột “tiền thu hộ”");
    expect(message).toContain("“Mã đơn hàng”, “Người nhận”, “Số điện thoại”");
    expect(await messageOf("sai.csv", utf8("a,b\n1,2\n"))).toMatch(
      /“mã vận đơn”.*và “tiền thu hộ”.*Các tiêu đề tìm thấy: “a”, “b”/,
    );
  });

  it("refuses empty, header-only, huge, wrongly encoded and non-spreadsheet files", async () => {
    expect(await messageOf("trong.csv", new Uint8Array())).toMatch(/^Tệp trống/);
    expect(await messageOf("trong.csv", utf8("\uFEFF\n\n;;\n"))).toMatch(/^Tệp trống/);
    expect(await messageOf("tieu-de.csv", utf8("Mã vận đơn,COD\n,\n"))).toContain("không có dòng nào có mã vận đơn");
    expect(await messageOf("lon.csv", new Uint8Array(MAX_REMITTANCE_FILE_BYTES + 1).fill(65))).toMatch(
      /Tệp quá lớn .* tối đa 5 MB/,
    );
    const manyRows = "Mã vận đơn,COD\n" + Array.from({ length: 20_001 }, (_, i) => `M${i},1000`).join("\n");
    expect(await messageOf("nhieu.csv", utf8(manyRows))).toContain("tối đa 20.000 dòng");
    // "Mã vận đơn,Tiền thu hộ" in Windows-1258: "ã" and "ề" are single bytes that are not UTF-8.
    const windows1258 = new Uint8Array([0x4d, 0xe3, 0x20, 0x76, 0x2c, 0x54, 0x69, 0xea, 0xd2, 0x6e, 0x0a]);
    expect(await messageOf("cu.csv", windows1258)).toContain("không ở mã UTF-8");
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    expect(await messageOf("anh.png", png)).toMatch(/^Tệp không phải bảng tính/);
    expect(await messageOf("cu.xls", new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toContain(
      ".xls",
    );
    expect(await messageOf("hong.xlsx", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toMatch(
      /^Không đọc được tệp Excel/,
    );
  });

  // Row numbers are the file's own, as Excel shows them: the header of these files is row 1.
  it("refuses a line with an unreadable amount or date, with its row", async () => {
    expect(await messageOf("x.csv", utf8("Mã vận đơn,COD\nA1,450000\nA2,bốn trăm\n"))).toBe(
      "Dòng 3: tiền thu hộ “bốn trăm” không phải số tiền hợp lệ.",
    );
    expect(await messageOf("x.csv", utf8("Mã vận đơn,COD,Ngày\nA1,450000,31/02/2026\n"))).toContain(
      "Dòng 2: ngày “31/02/2026” không tồn tại",
    );
    expect(await messageOf("x.csv", utf8("Mã vận đơn,COD\nA1,\n"))).toBe("Dòng 2: thiếu tiền thu hộ.");
  });
});

describe("remittance file: Excel .xlsx", () => {
  it("reads the first sheet: shared strings with Vietnamese text, inline strings, numbers and date serials", async () => {
    const file = xlsx([
      ["Công ty TNHH Giao Hàng Tiết Kiệm", null, null, null],
      ["Bảng kê thanh toán tiền thu hộ", null, null, null],
      ["Mã đơn hàng", "Tiền thu hộ", "Phí vận chuyển", "Ngày thanh toán"],
      ["S21.GHTK.01", 450000, 22000, 46351],
      ["inline:S21.GHTK.02", "1.250.000", "18.500", "26/11/2026"],
      [null, null, null, null],
      ["inline:Tổng cộng", 1700000, null, null],
    ]);
    // The totals row ("Tổng cộng" in the code column) is not a line.
    expect(await parseRemittanceFile("GHTK đối soát.xlsx", file)).toEqual([
      { rowNumber: 4, trackingCode: "S21.GHTK.01", codAmount: 450_000, fee: 22_000, remittedOn: "2026-11-25" },
      { rowNumber: 5, trackingCode: "S21.GHTK.02", codAmount: 1_250_000, fee: 18_500, remittedOn: "2026-11-26" },
    ]);
  });

  it("refuses an Excel file without the needed columns, naming them", async () => {
    const file = xlsx([
      ["Họ tên", "Địa chỉ"],
      ["Lê Thị Hoa", "12 Lê Lợi"],
    ]);
    expect(await messageOf("sai.xlsx", file)).toBe(
      "Không tìm thấy cột “mã vận đơn” (ví dụ: “Mã vận đơn”, “Mã đơn GHN”, “Mã đơn hàng”) và “tiền thu hộ” (ví dụ: “Tiền thu hộ”, “Thu hộ”, “COD”). Các tiêu đề tìm thấy: “Họ tên”, “Địa chỉ”.",
    );
  });
});

describe("remittance file: what Excel writes beyond the basics", () => {
  const cell = (ref: string, body: string, type = "inlineStr") => `<c r="${ref}" t="${type}">${body}</c>`;

  it("reads CDATA, rich text without phonetic guides, character references, prefixes and single quotes", async () => {
    const file = xlsxOf(
      sheetXml(
        `${HEADER_ROW}<row r="2">${cell("A2", "<is><t><![CDATA[GHN<1>&2]]></t></is>")}<c r="B2"><v><![CDATA[450000]]></v></c></row>` +
          `<row r='3'><c r='A3' t='s'><v>0</v></c><c r="B3" t="str"><v>1.250.000</v></c></row>` +
          `<x:row r="4" xmlns:x="urn:x"><x:c r="A4" t="inlineStr"><x:is><x:t>GH&#78;&#x33;</x:t></x:is></x:c><x:c r="B4"><x:v>300000</x:v></x:c></x:row>`,
      ),
      {
        sharedStrings:
          '<sst><si><r><t>GHN</t></r><r><t xml:space="preserve">2</t></r><rPh sb="0" eb="1"><t>ジ</t></rPh></si></sst>',
      },
    );
    expect(await parseRemittanceFile("a.xlsx", file)).toEqual([
      { rowNumber: 2, trackingCode: "GHN<1>&2", codAmount: 450_000, fee: 0, remittedOn: null },
      { rowNumber: 3, trackingCode: "GHN2", codAmount: 1_250_000, fee: 0, remittedOn: null },
      { rowNumber: 4, trackingCode: "GHN3", codAmount: 300_000, fee: 0, remittedOn: null },
    ]);
  });

  it("numbers lines by the sheet's own rows, skips styled empty cells past the last column, reads ISO dates", async () => {
    const file = xlsxOf(
      sheetXml(
        `<row r="2">${cell("A2", "<is><t>Bảng kê</t></is>")}</row>` +
          `<row r="4">${cell("A4", "<is><t>Mã vận đơn</t></is>")}${cell("B4", "<is><t>COD</t></is>")}${cell("C4", "<is><t>Ngày</t></is>")}<c r="XFD4" s="3"/></row>` +
          `<row r="9"><c r="A9" t="str"><v>GHN9</v></c><c r="B9"><v>1000</v></c><c r="C9" t="d"><v>2026-11-25T00:00:00</v></c><c r="ZZ9" s="1"><v></v></c></row>` +
          `<row r="12"><c r="A12" t="str"><v>GHN12</v></c><c r="B12" t="b"><v>1</v></c></row>`,
      ),
    );
    expect(await parseRemittanceFile("a.xlsx", file)).toEqual([
      { rowNumber: 9, trackingCode: "GHN9", codAmount: 1000, fee: 0, remittedOn: "2026-11-25" },
      { rowNumber: 12, trackingCode: "GHN12", codAmount: 1, fee: 0, remittedOn: null },
    ]);
    const bad = xlsxOf(
      sheetXml(
        `${HEADER_ROW}${lineRow(2, "GHN1", 1000)}<row r="7">${cell("A7", "<is><t>GHN7</t></is>")}${cell("B7", "<is><t>bốn</t></is>")}</row>`,
      ),
    );
    expect(await messageOf("a.xlsx", bad)).toBe("Dòng 7: tiền thu hộ “bốn” không phải số tiền hợp lệ.");
  });

  it("counts a quoted field over several lines as one row, as Excel shows a CSV", async () => {
    const csv = 'Mã vận đơn,COD,Ghi chú\nGHN1,1000,"giao\ngiờ\nhành chính"\n\nGHN2,nhiều,\n';
    expect(await messageOf("a.csv", utf8(csv))).toBe("Dòng 4: tiền thu hộ “nhiều” không phải số tiền hợp lệ.");
    // Empty columns past the last one (a wide used range) are dropped, not counted.
    const wide = `Mã vận đơn,COD${",".repeat(1_000_000)}\nGHN1,1000${",".repeat(1_000_000)}\n`;
    expect(await parseRemittanceFile("a.csv", utf8(wide))).toEqual([
      { rowNumber: 2, trackingCode: "GHN1", codAmount: 1000, fee: 0, remittedOn: null },
    ]);
  });

  it("refuses broken XML with the file's message", async () => {
    const broken = {
      "an unknown entity": sheetXml(`${HEADER_ROW}<row r="2">${cell("A2", "<is><t>&nbsp;</t></is>")}</row>`),
      "an ampersand alone": sheetXml(`${HEADER_ROW}<row r="2">${cell("A2", "<is><t>A & B</t></is>")}</row>`),
      "a close tag that does not match": sheetXml(`${HEADER_ROW}<row r="2"><c r="A2"><v>1</c></row>`),
      "a truncated part": sheetXml(HEADER_ROW).slice(0, -20),
      "rows out of order": sheetXml(`${HEADER_ROW}<row r="1"><c r="A1"><v>1</v></c></row>`),
      "a shared string that does not exist": sheetXml(`${HEADER_ROW}<row r="2"><c r="A2" t="s"><v>7</v></c></row>`),
      "a number that is not one": sheetXml(`${HEADER_ROW}<row r="2"><c r="B2"><v>1e999</v></c></row>`),
      "an unclosed CDATA": sheetXml(`${HEADER_ROW}<row r="2"><c r="B2"><v><![CDATA[1</v></c></row>`),
      "an attribute without quotes": sheetXml(`${HEADER_ROW}<row r=2></row>`),
    };
    for (const [what, xml] of Object.entries(broken)) {
      expect(await messageOf("a.xlsx", xlsxOf(xml)), what).toMatch(/^Tệp Excel bị hỏng \(.+\): hãy mở tệp bằng Excel/);
    }
  });

  it("answers every damaged copy of a real file with a result or the file's message, never another error", async () => {
    const good = [
      xlsxOf(sheetXml(HEADER_ROW + lineRow(2, "GHN1", 450_000) + lineRow(3, "GHN2", 300_000)), { stored: true }),
      xlsxOf(sheetXml(HEADER_ROW + lineRow(2, "GHN1", 450_000) + lineRow(3, "GHN2", 300_000))),
    ];
    let seed = 30;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (const original of good) {
      for (let n = 0; n < 300; n++) {
        const damaged = original.slice();
        for (let k = 0; k < 1 + (n % 4); k++)
          damaged[Math.floor(random() * damaged.length)] = Math.floor(random() * 256);
        await parseRemittanceFile("a.xlsx", damaged).catch((error: unknown) => {
          expect(error).toBeInstanceOf(AppError);
          expect((error as AppError).kind).toBe("invalid");
        });
      }
    }
  });
});

describe("remittance file: hostile files (decision 0044)", () => {
  /**
   * Each answers with its own message (a reader that never answers fails on the test's time limit).
   * What they cost and how that grows with the file is bench/hostile-imports.ts's to measure, not a
   * wall clock here: this shared machine's load decides a race against one.
   */
  it.each(hostileFiles.map((f) => [f.name, f] as const))("%s", async (_, file) => {
    expect(await messageOf(file.fileName, file.bytes())).toMatch(file.message);
  });
});
