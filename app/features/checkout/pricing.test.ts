import { describe, expect, it } from "vitest";
import { defaultSettingsFor } from "~/features/settings/settings.schema";
import { discountAmount, freeDeliveryProgress, includedVat, priceOrder, shippingFeeFor, type PricingInput } from "./pricing";

const shipping = defaultSettingsFor("shipping"); // threshold 1,000,000; standard 30,000; express 50,000; pickup 0

function price(overrides: Partial<PricingInput>) {
  return priceOrder({ lines: [], shipping, vatRateBasisPoints: 740, shippingMethod: "local-delivery", ...overrides });
}

describe("priceOrder", () => {
  it("sums lines and adds the standard fee below the threshold", () => {
    const r = price({ lines: [{ unitPrice: 690_000, quantity: 1 }, { unitPrice: 290_000, quantity: 1 }] });
    expect(r).toMatchObject({ subtotal: 980_000, discount: 0, shippingFee: 30_000, total: 1_010_000, tax: 67_523 });
  });

  it("delivers free once the subtotal reaches the threshold exactly", () => {
    const r = price({ lines: [{ unitPrice: 500_000, quantity: 2 }] });
    expect(r).toMatchObject({ subtotal: 1_000_000, shippingFee: 0, total: 1_000_000, tax: 68_901 });
  });

  it("takes a percent of the subtotal, rounded to whole đồng, and the threshold applies after the discount", () => {
    const r = price({ lines: [{ unitPrice: 1_000_005, quantity: 1 }], discount: { code: "MAROU10", type: "percent", value: 10 } });
    // 10 % of 1,000,005 = 100,000.5 → 100,001 (half up); after discount 900,004 < threshold → fee.
    expect(r).toMatchObject({ subtotal: 1_000_005, discount: 100_001, shippingFee: 30_000, total: 930_004 });
    expect(r.tax).toBe(includedVat(900_004, 740)); // the VAT inside what is paid for the goods
    expect(r.tax).toBe(62_011); // 900,004 × 740 / 10,740 = 62,011.45
    expect(r.discountCode).toBe("MAROU10");
  });

  it("caps a fixed discount at the subtotal", () => {
    const r = price({ lines: [{ unitPrice: 20_000, quantity: 1 }], discount: { code: "WELCOME", type: "fixed", value: 50_000 } });
    expect(r).toMatchObject({ subtotal: 20_000, discount: 20_000, shippingFee: 30_000, total: 30_000, tax: 0 });
  });

  it("a fixed discount lowers the subtotal used for the threshold", () => {
    const r = price({ lines: [{ unitPrice: 1_020_000, quantity: 1 }], discount: { code: "WELCOME", type: "fixed", value: 50_000 } });
    expect(r).toMatchObject({ discount: 50_000, shippingFee: 30_000, total: 1_000_000 });
  });

  it("free shipping waives the fee but keeps the goods price", () => {
    const r = price({ lines: [{ unitPrice: 290_000, quantity: 1 }], discount: { code: "FREESHIP", type: "free_shipping", value: 0 } });
    expect(r).toMatchObject({ subtotal: 290_000, discount: 0, shippingFeeBeforeDiscount: 30_000, shippingFee: 0, total: 290_000 });
  });

  it("store pickup costs the pickup fee from settings, express its fee", () => {
    const lines = [{ unitPrice: 290_000, quantity: 1 }];
    expect(price({ lines, shippingMethod: "store-pickup" }).shippingFee).toBe(0);
    expect(price({ lines, shippingMethod: "store-pickup", shipping: { ...shipping, storePickupFee: 10_000 } }).total).toBe(300_000);
    expect(price({ lines, shippingMethod: "express" }).shippingFee).toBe(50_000);
  });

  it("an empty cart costs nothing but the fee", () => {
    expect(price({})).toMatchObject({ subtotal: 0, discount: 0, tax: 0, total: 30_000 });
  });

  it("rounds VAT half up to whole đồng", () => {
    // 50 × 740 / 10740 = 3.44 → 3; 25 × 740 / 10740 = 1.72 → 2
    expect(price({ lines: [{ unitPrice: 50, quantity: 1 }] }).tax).toBe(3);
    expect(price({ lines: [{ unitPrice: 25, quantity: 1 }] }).tax).toBe(2);
  });
});

describe("includedVat", () => {
  it("is the VAT inside a price that includes it, not the rate of that price", () => {
    expect(includedVat(640_000, 800)).toBe(47_407); // "Đã bao gồm VAT 8%: 47.407 ₫"; 8 % of 640,000 would be 51,200
    expect(includedVat(1_080_000, 800)).toBe(80_000); // net 1,000,000 + 8 % = 1,080,000
    expect(includedVat(1_074_000, 740)).toBe(74_000);
    expect(includedVat(500_000, 0)).toBe(0);
    expect(includedVat(0, 740)).toBe(0);
  });
  it("rounds half up to whole đồng", () => {
    expect(includedVat(13_500, 800)).toBe(1_000); // exactly 1,000
    expect(includedVat(27, 800)).toBe(2); // 2.0 → 2
    expect(includedVat(20_250, 800)).toBe(1_500); // exactly
    expect(includedVat(7, 800)).toBe(1); // 0.518 → 1
    expect(includedVat(6, 800)).toBe(0); // 0.444 → 0
  });
});

describe("discountAmount and shippingFeeFor", () => {
  it("never exceeds the subtotal", () => {
    expect(discountAmount(100, { code: "X", type: "percent", value: 100 })).toBe(100);
    expect(discountAmount(0, { code: "X", type: "fixed", value: 5 })).toBe(0);
    expect(discountAmount(100, null)).toBe(0);
  });
  it("compares the threshold inclusively", () => {
    expect(shippingFeeFor("local-delivery", 999_999, shipping)).toBe(30_000);
    expect(shippingFeeFor("local-delivery", 1_000_000, shipping)).toBe(0);
  });
});

describe("freeDeliveryProgress", () => {
  it("is a capped percentage with a floored remainder", () => {
    expect(freeDeliveryProgress(0, 1_000_000)).toEqual({ percent: 0, remaining: 1_000_000 });
    expect(freeDeliveryProgress(690_000, 1_000_000)).toEqual({ percent: 69, remaining: 310_000 });
    expect(freeDeliveryProgress(1_000_000, 1_000_000)).toEqual({ percent: 100, remaining: 0 });
    expect(freeDeliveryProgress(2_500_000, 1_000_000)).toEqual({ percent: 100, remaining: 0 });
    expect(freeDeliveryProgress(999_999, 1_000_000)).toEqual({ percent: 99, remaining: 1 });
    expect(freeDeliveryProgress(5, 0)).toEqual({ percent: 100, remaining: 0 });
  });
});
