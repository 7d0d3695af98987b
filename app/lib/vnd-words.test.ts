import { describe, expect, it } from "vitest";
import { numberToVietnameseWords as words, vndInWords } from "./vnd-words";

describe("vndInWords", () => {
  it("reads the amounts a label prints", () => {
    expect(vndInWords(0)).toBe("Không đồng");
    expect(vndInWords(450_000)).toBe("Bốn trăm năm mươi nghìn đồng");
    expect(vndInWords(1_005_000)).toBe("Một triệu không trăm linh năm nghìn đồng");
    expect(vndInWords(1_000_000_000)).toBe("Một tỷ đồng");
  });

  it("reads one and two digits: mười, lăm, mốt, tư", () => {
    expect(words(1)).toBe("một");
    expect(words(5)).toBe("năm");
    expect(words(10)).toBe("mười");
    expect(words(11)).toBe("mười một");
    expect(words(14)).toBe("mười bốn");
    expect(words(15)).toBe("mười lăm");
    expect(words(20)).toBe("hai mươi");
    expect(words(21)).toBe("hai mươi mốt");
    expect(words(24)).toBe("hai mươi tư");
    expect(words(25)).toBe("hai mươi lăm");
    expect(words(55)).toBe("năm mươi lăm");
    expect(words(99)).toBe("chín mươi chín");
  });

  it("reads hundreds with linh", () => {
    expect(words(100)).toBe("một trăm");
    expect(words(105)).toBe("một trăm linh năm");
    expect(words(110)).toBe("một trăm mười");
    expect(words(115)).toBe("một trăm mười lăm");
    expect(words(101)).toBe("một trăm linh một");
    expect(words(999)).toBe("chín trăm chín mươi chín");
  });

  it("reads zero hundreds inside a larger number and skips empty groups", () => {
    expect(words(1_000)).toBe("một nghìn");
    expect(words(1_001)).toBe("một nghìn không trăm linh một");
    expect(words(1_010)).toBe("một nghìn không trăm mười");
    expect(words(10_000)).toBe("mười nghìn");
    expect(words(21_500)).toBe("hai mươi mốt nghìn năm trăm");
    expect(words(1_000_000)).toBe("một triệu");
    expect(words(1_000_500)).toBe("một triệu năm trăm");
    expect(words(2_050_000)).toBe("hai triệu không trăm năm mươi nghìn");
    expect(words(1_000_005_000)).toBe("một tỷ không trăm linh năm nghìn");
    expect(words(12_345_678_901)).toBe(
      "mười hai tỷ ba trăm bốn mươi lăm triệu sáu trăm bảy mươi tám nghìn chín trăm linh một",
    );
    expect(words(1_000_000_000_000)).toBe("một nghìn tỷ");
  });

  it("refuses what is not a whole đồng amount", () => {
    expect(() => words(-1)).toThrow(RangeError);
    expect(() => words(1.5)).toThrow(RangeError);
    expect(() => words(Number.NaN)).toThrow(RangeError);
  });
});
