import { describe, expect, it } from "vitest";
import { formatRatePercent, formatVnd } from "./money";

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
