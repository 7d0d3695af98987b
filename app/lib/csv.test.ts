import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvDocument, csvRow, numberAsText, parseCsv, readCsv } from "./csv";
import { SpreadsheetError } from "./spreadsheet";

describe("csvCell", () => {
  it("leaves plain text and numbers alone", () => {
    expect(csvCell("Nguyễn Văn An")).toBe("Nguyễn Văn An");
    expect(csvCell(690000)).toBe("690000");
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(Number.NaN)).toBe("");
    expect(csvCell(true)).toBe("true");
  });

  it("quotes fields with commas, quotes, line breaks or edge spaces (RFC 4180)", () => {
    expect(csvCell("Công ty A, B")).toBe('"Công ty A, B"');
    expect(csvCell('Hộp "quà"')).toBe('"Hộp ""quà"""');
    expect(csvCell("dòng 1\ndòng 2")).toBe('"dòng 1\ndòng 2"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
    expect(csvCell(" lề ")).toBe('" lề "');
  });

  it("neutralises formulas with a leading apostrophe", () => {
    expect(csvCell("=HYPERLINK(\"http://evil\",\"x\")")).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvCell("+84901234567")).toBe("'+84901234567");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("\rcmd")).toBe("\"'\rcmd\"");
    expect(csvCell("a=b")).toBe("a=b");
  });
});

describe("numberAsText", () => {
  it("writes a phone as =\"…\" (text in Excel and Google Sheets, zero kept, no apostrophe)", () => {
    expect(csvCell(numberAsText("0912345678"))).toBe('"=""0912345678"""');
    expect(csvCell(numberAsText("+84 912 345 678"))).toBe('"=""+84 912 345 678"""');
    expect(parseCsv(csvRow([numberAsText("0912345678")]))).toEqual([['="0912345678"']]);
    expect(csvCell(numberAsText(null))).toBe("");
  });

  it("writes anything but digits as ordinary neutralised text: no formula gets through", () => {
    expect(csvCell(numberAsText('=HYPERLINK("x")'))).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell(numberAsText('0912"&cmd'))).toBe('"0912""&cmd"');
    expect(csvCell(numberAsText("-1+2"))).toBe("'-1+2");
  });
});

describe("csvRow / csvDocument", () => {
  it("joins with commas and ends records with CRLF, after a BOM", () => {
    expect(csvRow(["a", 1, null, "x,y"])).toBe('a,1,,"x,y"\r\n');
    const doc = csvDocument(["Tên", "Tổng"], [["Bàn chải", 2], ["=1+1", 3]]);
    expect(doc.startsWith(CSV_BOM)).toBe(true);
    expect(doc).toBe("\uFEFFTên,Tổng\r\nBàn chải,2\r\n'=1+1,3\r\n");
  });
});

describe("parseCsv", () => {
  it("reads quoted fields, doubled quotes, CRLF and LF, drops the BOM and blank lines", () => {
    expect(parseCsv('\uFEFFMã đơn,Mã vận đơn\r\nDH000123,"A,1"\r\n\r\n124,"say ""hi"""\n125,x')).toEqual([
      ["Mã đơn", "Mã vận đơn"],
      ["DH000123", "A,1"],
      ["124", 'say "hi"'],
      ["125", "x"],
    ]);
  });

  it("takes a semicolon as the separator when the first line has no comma", () => {
    expect(parseCsv("Mã đơn;Mã vận đơn\n123;LBK7XN\n")).toEqual([
      ["Mã đơn", "Mã vận đơn"],
      ["123", "LBK7XN"],
    ]);
  });

  it("reads a document csvDocument wrote", () => {
    expect(parseCsv(csvDocument(["a", "b"], [["x\r\ny", "z"]]))).toEqual([
      ["a", "b"],
      ["x\r\ny", "z"],
    ]);
  });
});

describe("readCsv", () => {
  const limits = { maxRows: 3, maxColumns: 4, maxCellChars: 10 };
  const problem = (text: string) => {
    try {
      readCsv(text, limits);
    } catch (error) {
      expect(error).toBeInstanceOf(SpreadsheetError);
      const { problem: kind, row, message } = error as SpreadsheetError;
      return { kind, row, message };
    }
    throw new Error("the text was accepted");
  };

  it("numbers rows as Excel shows them: blank lines count, a quoted field over lines is one row, CR alone ends a row", () => {
    expect(readCsv('a,b\n\n"x\r\ny",z\r3,"""q"""\n', limits)).toEqual([
      { row: 1, cells: ["a", "b"] },
      { row: 3, cells: ["x\r\ny", "z"] },
      { row: 4, cells: ["3", '"q"'] },
    ]);
    expect(readCsv("a;b\tc", limits, "\t")).toEqual([{ row: 1, cells: ["a;b", "c"] }]);
    expect(readCsv("a,\n,\n", limits)).toEqual([{ row: 1, cells: ["a", ""] }]);
  });

  it("stops at the first bound crossed, naming the row", () => {
    expect(problem("a\nb\nc\nd\n")).toMatchObject({ kind: "rows" });
    expect(problem("a\n1,2,3,4,5\n")).toEqual({
      kind: "columns",
      row: 2,
      message: "Dòng 2 có dữ liệu ở cột E: tệp chỉ được có tối đa 4 cột (A–D). Hãy xoá các cột thừa rồi nhập lại.",
    });
    // Blank cells past the last column are dropped.
    expect(readCsv("a,b,,,,,,,,\n", limits)).toEqual([{ row: 1, cells: ["a", "b", "", ""] }]);
    expect(problem("a\n\n12345678901\n")).toMatchObject({ kind: "cell_text", row: 3 });
    expect(problem('a\n"b\nc')).toEqual({
      kind: "unclosed_quote",
      row: 2,
      message: 'Dòng 2: dấu ngoặc kép (") mở một ô nhưng không được đóng đến hết tệp.',
    });
    expect(problem('a\n"b\n' + "c".repeat(50))).toMatchObject({ kind: "cell_text", row: 2 });
  });

  it("takes time linear in the input: a quote never closed is found once, not once per line", () => {
    const text = '"' + "x,y\n".repeat(250_000);
    const started = performance.now();
    expect(() => readCsv(text, { ...limits, maxCellChars: 2_000_000 })).toThrow(SpreadsheetError);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
