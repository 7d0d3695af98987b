import { describe, expect, it } from "vitest";
import { formatUsd, parseCurrency, vndToUsd } from "./currency";

describe("currency helpers", () => {
  it("formats dollars with two decimals in en-US", () => {
    expect(formatUsd(28.99)).toBe("$28.99");
    expect(formatUsd(27.6)).toBe("$27.60");
    expect(formatUsd(1234.5)).toBe("$1,234.50");
  });

  it("converts đồng at the rate, to the cent; a bad rate gives 0", () => {
    expect(vndToUsd(690_000, 25_000)).toBe(27.6);
    expect(vndToUsd(724_750, 25_000)).toBe(28.99);
    expect(vndToUsd(690_000, 0)).toBe(0);
    expect(vndToUsd(690_000, Number.NaN)).toBe(0);
  });

  it("reads the stored choice, VND unless USD", () => {
    expect(parseCurrency("USD")).toBe("USD");
    expect(parseCurrency("EUR")).toBe("VND");
    expect(parseCurrency(null)).toBe("VND");
  });
});
