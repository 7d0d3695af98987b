import { describe, expect, it } from "vitest";
import { formatRatePercent, formatVnd, formatVndShort, roundAxisTop } from "./money";

const NBSP = "\u00a0";

describe("formatVnd", () => {
  it("groups thousands with dots and puts a no-break space before ₫", () => {
    expect(formatVnd(690000)).toBe(`690.000${NBSP}₫`);
    expect(formatVnd(1000000)).toBe(`1.000.000${NBSP}₫`);
    expect(formatVnd(30000)).toBe(`30.000${NBSP}₫`);
  });

  it("formats zero and small amounts", () => {
    expect(formatVnd(0)).toBe(`0${NBSP}₫`);
    expect(formatVnd(500)).toBe(`500${NBSP}₫`);
  });

  it("shows no decimals and rounds fractions to whole đồng", () => {
    expect(formatVnd(1234.4)).toBe(`1.234${NBSP}₫`);
    expect(formatVnd(1234.6)).toBe(`1.235${NBSP}₫`);
  });

  it("formats negative amounts (discount lines)", () => {
    expect(formatVnd(-50000)).toBe(`-50.000${NBSP}₫`);
  });

  it("handles large totals", () => {
    expect(formatVnd(1234567890)).toBe(`1.234.567.890${NBSP}₫`);
  });
});

describe("formatRatePercent", () => {
  it("drops trailing zeros and uses the language's decimal mark", () => {
    expect(formatRatePercent(800, "vi")).toBe("8");
    expect(formatRatePercent(800, "en")).toBe("8");
    expect(formatRatePercent(740, "vi")).toBe("7,4");
    expect(formatRatePercent(740, "en")).toBe("7.4");
    expect(formatRatePercent(825, "vi")).toBe("8,25");
    expect(formatRatePercent(1000, "en")).toBe("10");
    expect(formatRatePercent(0, "vi")).toBe("0");
  });
});

describe("chart axis amounts", () => {
  it("are written in Vietnamese units", () => {
    expect(formatVndShort(1_200_000)).toBe("1,2 tr");
    expect(formatVndShort(500_000)).toBe("500 nghìn");
    expect(formatVndShort(2_500_000_000)).toBe("2,5 tỷ");
    expect(formatVndShort(0)).toBe("0");
  });

  it("top out at a round amount whose half is round too", () => {
    expect(roundAxisTop(1_234_000)).toBe(2_000_000);
    expect(roundAxisTop(3_100_000)).toBe(4_000_000);
    expect(roundAxisTop(4_600_000)).toBe(5_000_000);
    expect(roundAxisTop(720_000)).toBe(1_000_000);
    expect(roundAxisTop(2_000_000)).toBe(2_000_000);
    expect(roundAxisTop(0)).toBe(0);
  });
});
