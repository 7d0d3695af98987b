import { describe, expect, it } from "vitest";
import { parseCheckoutData, emptyCheckoutData } from "./checkout-store";
import {
  addDays,
  dateInVietnam,
  deliveryDateRange,
  deliverySlots,
  discountCodeSchema,
  shippingSchemaAt,
  placeOrderSchema,
} from "./checkout.schema";

describe("delivery dates", () => {
  it("starts tomorrow in Asia/Ho_Chi_Minh, whatever the server's zone", () => {
    // 18:30 UTC on 23 Nov is already 01:30 on 24 Nov in Vietnam: earliest delivery 25 Nov.
    expect(dateInVietnam(new Date("2026-11-23T18:30:00Z"))).toBe("2026-11-24");
    expect(deliveryDateRange(new Date("2026-11-23T18:30:00Z")).min).toBe("2026-11-25");
    expect(deliveryDateRange(new Date("2026-11-23T10:00:00Z")).min).toBe("2026-11-24");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });

  it("has ten hourly slots from 12:00 - 13:00 to 21:00 - 22:00", () => {
    expect(deliverySlots).toHaveLength(10);
    expect(deliverySlots[0]).toBe("12:00 - 13:00");
    expect(deliverySlots[9]).toBe("21:00 - 22:00");
  });

  it("refuses today and past dates and requires both date and slot", () => {
    const schema = shippingSchemaAt(() => new Date("2026-11-23T10:00:00Z"));
    expect(schema.safeParse({ shippingDate: "2026-11-24", shippingTime: "12:00 - 13:00" }).success).toBe(true);
    expect(schema.safeParse({ shippingDate: "2026-11-23", shippingTime: "12:00 - 13:00" }).success).toBe(false);
    const missing = schema.safeParse({ shippingDate: "", shippingTime: "" });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0].message).toBe("checkout.errors.deliveryDateTime");
  });

  it("refuses a day the calendar does not have (2026-11-31 reached PostgreSQL and was a 500)", () => {
    const schema = shippingSchemaAt(() => new Date("2026-11-23T10:00:00Z"));
    for (const day of ["2026-11-31", "2026-02-29", "2026-12-00", "2026-13-01"]) {
      const result = schema.safeParse({ shippingDate: day, shippingTime: "12:00 - 13:00" });
      expect(result.success, day).toBe(false);
      expect(result.error?.issues[0].path).toEqual(["shippingDate"]);
    }
    expect(schema.safeParse({ shippingDate: "2026-11-30", shippingTime: "12:00 - 13:00" }).success).toBe(true);
  });
});

describe("discountCodeSchema", () => {
  it("takes code characters only: a NUL (which PostgreSQL cannot compare) is no code", () => {
    expect(discountCodeSchema.parse(" marou10 ")).toBe("MAROU10");
    expect(discountCodeSchema.parse("")).toBe("");
    for (const code of ["A\u0000B", "MAROU10\u0000", "A B", "MÃ", "'; drop"]) expect(discountCodeSchema.safeParse(code).success, code).toBe(false);
  });
});

describe("placeOrderSchema", () => {
  it("has no price anywhere: unknown keys such as prices are stripped", () => {
    const parsed = placeOrderSchema.shape.lines.parse([{ productId: 1, quantity: 2, price: 1, unitPrice: 1 }]);
    expect(parsed).toEqual([{ productId: 1, quantity: 2 }]);
  });
});

describe("parseCheckoutData", () => {
  it("repairs malformed stored data instead of crashing", () => {
    expect(parseCheckoutData(null)).toEqual(emptyCheckoutData);
    expect(parseCheckoutData("{not json")).toEqual(emptyCheckoutData);
    expect(parseCheckoutData("[1]")).toEqual(emptyCheckoutData);
    const data = parseCheckoutData(
      JSON.stringify({ email: "a@b.vn", isGift: "yes", shippingMethod: "teleport", location: { structure: "x" }, discount: { code: 1 } }),
    );
    expect(data).toMatchObject({ email: "a@b.vn", isGift: false, shippingMethod: "local-delivery", discount: null });
    expect(data.location.structure).toBe("current");
  });
});
