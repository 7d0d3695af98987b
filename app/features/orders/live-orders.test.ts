import { describe, expect, it } from "vitest";
import { newOrdersLabel, ordersSeenValue, parseOrdersSeen, titleWithCount } from "./live-orders";

describe("the new-orders badge", () => {
  it("reads back only this admin's well-formed seen time", () => {
    const at = new Date("2026-11-26T10:00:00Z");
    const value = ordersSeenValue("user.with.dots", at);
    expect(parseOrdersSeen(value, "user.with.dots")).toEqual(at);
    expect(parseOrdersSeen(value, "someone-else")).toBeNull();
    expect(parseOrdersSeen(null, "u")).toBeNull();
    expect(parseOrdersSeen("u.", "u")).toBeNull();
    expect(parseOrdersSeen("u.-5", "u")).toBeNull();
    expect(parseOrdersSeen("u.abc", "u")).toBeNull();
  });

  it("puts the count in front of the tab title once, and takes it away at zero", () => {
    expect(titleWithCount("Tổng quan | Quản trị", 3)).toBe("(3) Tổng quan | Quản trị");
    expect(titleWithCount("(3) Tổng quan | Quản trị", 4)).toBe("(4) Tổng quan | Quản trị");
    expect(titleWithCount("(99+) Tổng quan | Quản trị", 0)).toBe("Tổng quan | Quản trị");
    expect(newOrdersLabel(100)).toBe("99+");
    expect(newOrdersLabel(7)).toBe("7");
  });
});
