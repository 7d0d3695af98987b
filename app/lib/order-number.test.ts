import { describe, expect, it } from "vitest";
import { formatOrderNumber, ORDER_NUMBER_PREFIX } from "./order-number";

describe("formatOrderNumber", () => {
  it("prefixes DH and pads to six digits", () => {
    expect(formatOrderNumber(123)).toBe("DH000123");
    expect(formatOrderNumber(1)).toBe("DH000001");
    expect(formatOrderNumber(999999)).toBe("DH999999");
  });

  it("keeps every digit past six", () => {
    expect(formatOrderNumber(1234567)).toBe("DH1234567");
  });

  it("uses the exported prefix", () => {
    expect(formatOrderNumber(42).startsWith(ORDER_NUMBER_PREFIX)).toBe(true);
  });
});
