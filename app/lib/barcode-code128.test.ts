import { describe, expect, it } from "vitest";
import { CODE128_START_B, CODE128_STOP, code128Bars, code128Pattern, code128Values } from "./barcode-code128";

describe("Code 128 B", () => {
  it("has 11-module symbols and a 13-module stop", () => {
    for (let v = 0; v < 106; v++) {
      const widths = [...code128Pattern(v)].map(Number);
      expect(widths).toHaveLength(6);
      expect(widths.reduce((a, b) => a + b)).toBe(11);
    }
    expect([...code128Pattern(CODE128_STOP)].map(Number).reduce((a, b) => a + b)).toBe(13);
    // Every symbol is distinct (a scanner tells them apart).
    expect(new Set(Array.from({ length: 107 }, (_, v) => code128Pattern(v))).size).toBe(107);
  });

  it("encodes PJJ123C with its checksum (the textbook example)", () => {
    // 104 + 48·1 + 42·2 + 42·3 + 17·4 + 18·5 + 19·6 + 35·7 = 879; 879 mod 103 = 55
    expect(code128Values("PJJ123C")).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106]);
  });

  it("encodes an order number", () => {
    // D=36 H=40 0=16 1=17 2=18 3=19: 104 + 36 + 80 + 48 + 64 + 80 + 102 + 126 + 152 = 792; 792 mod 103 = 71
    expect(code128Values("DH000123")).toEqual([CODE128_START_B, 36, 40, 16, 16, 16, 17, 18, 19, 71, CODE128_STOP]);
    const { modules, bars } = code128Bars("DH000123");
    expect(modules).toBe(11 * 10 + 13);
    // The start B symbol 211214: bars of 2, 1 and 1 modules at 0, 3 and 6.
    expect(bars.slice(0, 3)).toEqual([
      { x: 0, width: 2 },
      { x: 3, width: 1 },
      { x: 6, width: 1 },
    ]);
    // The stop ends with its 2-module bar.
    expect(bars.at(-1)).toEqual({ x: modules - 2, width: 2 });
  });

  it("refuses characters outside printable ASCII", () => {
    expect(() => code128Values("Đơn")).toThrow(RangeError);
    expect(() => code128Values("")).toThrow(RangeError);
  });
});
