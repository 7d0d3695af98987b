import { describe, expect, it } from "vitest";
import { defaultSettings } from "~/features/settings/settings.schema";
import { formatVnd } from "~/lib/money";
import { deliveryDateRange, deliverySlots, shippingSchemaAt } from "./checkout.schema";
import {
  deliveryDestination,
  deliveryPlaceholders,
  deliveryPromise,
  deliveryTerms,
  formatDeliveryDate,
  type DeliveryPromiseLine,
} from "./delivery-promise";
import { priceOrder } from "./pricing";

// 23:30 in Vietnam on 25 November 2026 (16:30 UTC): "tomorrow" is the 26th there.
const lateEvening = new Date("2026-11-25T16:30:00Z");
const store = "123 Nguyễn Huệ, TP. Hồ Chí Minh";
const shipping = { ...defaultSettings().shipping, freeShippingThreshold: 800_000, standardFee: 25_000 };

function lineOf<K extends DeliveryPromiseLine["kind"]>(lines: DeliveryPromiseLine[], kind: K) {
  return lines.find((line): line is Extract<DeliveryPromiseLine, { kind: K }> => line.kind === kind);
}

describe("deliveryTerms", () => {
  it("states the fees checkout charges", () => {
    const terms = deliveryTerms(shipping, store, lateEvening);
    const feeAt = (subtotal: number, shippingMethod: "local-delivery" | "store-pickup") =>
      priceOrder({ lines: [{ unitPrice: subtotal, quantity: 1 }], shipping, vatRateBasisPoints: 0, shippingMethod }).shippingFee;
    expect(terms.freeShippingThreshold).toBe(800_000);
    expect(feeAt(terms.freeShippingThreshold - 1, "local-delivery")).toBe(terms.standardFee);
    expect(feeAt(terms.freeShippingThreshold, "local-delivery")).toBe(0);
    expect(feeAt(100_000, "store-pickup")).toBe(terms.storePickupFee);
  });

  it("offers express only when checkout does", () => {
    expect(deliveryTerms({ ...shipping, expressEnabled: false }, store).expressFee).toBeNull();
    expect(deliveryTerms({ ...shipping, expressEnabled: true, expressFee: 60_000 }, store).expressFee).toBe(60_000);
  });

  it("promises the earliest day the shipping step accepts: tomorrow in Vietnam, in its slots", () => {
    const terms = deliveryTerms(shipping, store, lateEvening);
    expect(terms.earliestDate).toBe("2026-11-26");
    expect(terms.earliestDate).toBe(deliveryDateRange(lateEvening).min);
    const shippingStep = shippingSchemaAt(() => lateEvening);
    const step = (shippingDate: string) =>
      shippingStep.safeParse({ shippingMethod: "local-delivery", shippingDate, shippingTime: deliverySlots[0] }).success;
    expect(step(terms.earliestDate)).toBe(true);
    expect(step("2026-11-25")).toBe(false);
    expect([terms.slotsFrom, terms.slotsUntil]).toEqual(["12:00", "22:00"]);
  });
});

describe("deliveryPromise", () => {
  const terms = deliveryTerms({ ...shipping, expressEnabled: false }, store, lateEvening);

  it("promises free delivery from the threshold, the fee below it, tomorrow's delivery and pickup; never same-day", () => {
    const lines = deliveryPromise(terms, { kind: "unknown" });
    expect(lines.map((line) => line.kind)).toEqual(["free-delivery", "earliest", "store-pickup"]);
    expect(lineOf(lines, "free-delivery")).toEqual({ kind: "free-delivery", threshold: 800_000, fee: 25_000 });
    expect(lineOf(lines, "earliest")).toEqual({ kind: "earliest", date: "2026-11-26", from: "12:00", until: "22:00", place: null });
    expect(lineOf(lines, "store-pickup")).toEqual({ kind: "store-pickup", fee: 0, address: store });
  });

  it("names the chosen place in Vietnam, and adds express when it is offered", () => {
    const lines = deliveryPromise(deliveryTerms({ ...shipping, expressEnabled: true }, store, lateEvening), deliveryDestination("Hà Nội", false));
    expect(lineOf(lines, "earliest")?.place).toBe("Hà Nội");
    expect(lineOf(lines, "express")?.fee).toBe(shipping.expressFee);
  });

  it("promises no delivery abroad (checkout delivers within Vietnam), only pickup", () => {
    const lines = deliveryPromise(terms, deliveryDestination("Singapore", true));
    expect(lines.map((line) => line.kind)).toEqual(["abroad", "store-pickup"]);
  });

  it("says every order is free when there is no threshold or no fee", () => {
    expect(lineOf(deliveryPromise({ ...terms, freeShippingThreshold: 0 }, { kind: "unknown" }), "free-delivery")?.threshold).toBeNull();
    expect(lineOf(deliveryPromise({ ...terms, standardFee: 0 }, { kind: "unknown" }), "free-delivery")?.threshold).toBeNull();
  });
});

describe("deliveryPlaceholders and formatDeliveryDate", () => {
  it("give content the same amounts", () => {
    expect(deliveryPlaceholders(deliveryTerms(shipping, store, lateEvening))).toEqual({
      free_shipping_threshold: formatVnd(800_000),
      standard_fee: formatVnd(25_000),
      store_pickup_fee: formatVnd(0),
    });
  });

  it("write a day in each language", () => {
    expect(formatDeliveryDate("2026-11-26", "vi")).toBe("Thứ Năm, 26/11/2026");
    expect(formatDeliveryDate("2026-11-26", "en")).toBe("Thursday, 26/11/2026");
  });
});
