import { describe, expect, it } from "vitest";
import { formatDeliveryDate, formatShortDeliveryDate } from "~/features/settings/delivery-calendar";
import { defaultSettings } from "~/features/settings/settings.schema";
import { addDays } from "./delivery-days";
import { formatVnd } from "~/lib/money";
import { deliverySlots, shippingSchemaFor } from "./checkout.schema";
import {
  deliveryDestination,
  deliveryPlaceholders,
  deliveryPromise,
  deliveryTerms,
  type DeliveryPromiseLine,
} from "./delivery-promise";
import { priceOrder } from "./pricing";

// 23:30 in Vietnam on 25 November 2026 (16:30 UTC): "tomorrow" is the 26th there.
const lateEvening = new Date("2026-11-25T16:30:00Z");
const shipping = { ...defaultSettings().shipping, freeShippingThreshold: 800_000, standardFee: 25_000 };
const rules = defaultSettings().delivery;

function lineOf<K extends DeliveryPromiseLine["kind"]>(lines: DeliveryPromiseLine[], kind: K) {
  return lines.find((line): line is Extract<DeliveryPromiseLine, { kind: K }> => line.kind === kind);
}

describe("deliveryTerms", () => {
  it("states the fees checkout charges", () => {
    const terms = deliveryTerms(shipping, rules, lateEvening);
    const feeAt = (subtotal: number, shippingMethod: "local-delivery" | "store-pickup") =>
      priceOrder({ lines: [{ unitPrice: subtotal, quantity: 1 }], shipping, vatRateBasisPoints: 0, shippingMethod }).shippingFee;
    expect(terms.freeShippingThreshold).toBe(800_000);
    expect(feeAt(terms.freeShippingThreshold - 1, "local-delivery")).toBe(terms.standardFee);
    expect(feeAt(terms.freeShippingThreshold, "local-delivery")).toBe(0);
    expect(feeAt(100_000, "store-pickup")).toBe(terms.storePickupFee);
  });

  it("offers express only when checkout does", () => {
    expect(deliveryTerms({ ...shipping, expressEnabled: false }, rules).expressFee).toBeNull();
    expect(deliveryTerms({ ...shipping, expressEnabled: true, expressFee: 60_000 }, rules).expressFee).toBe(60_000);
  });

  it("promises, in the shop's own city, the earliest day the shipping step accepts, in its slots", () => {
    // Wednesday 23:30, after the cut-off: handed over Thursday 26, in Hồ Chí Minh the next working day.
    const lines = deliveryPromise(deliveryTerms(shipping, rules, lateEvening), deliveryDestination("Hồ Chí Minh", false));
    const arrival = lineOf(lines, "arrival");
    expect(arrival).toMatchObject({ earliest: "2026-11-27", latest: "2026-11-28", slots: { from: "12:00", until: "22:00" } });
    const shippingStep = shippingSchemaFor({ provinceCode: "79", rules }, () => lateEvening);
    const step = (shippingDate: string) =>
      shippingStep.safeParse({ shippingMethod: "local-delivery", shippingDate, shippingTime: deliverySlots[0] }).success;
    expect(step(arrival!.earliest)).toBe(true);
    expect(step(addDays(arrival!.earliest, -1))).toBe(false);
  });
});

describe("deliveryPromise", () => {
  const terms = deliveryTerms({ ...shipping, expressEnabled: false }, rules, lateEvening);

  it("promises free delivery from the threshold, the fee below it, the general range and pickup; never tomorrow", () => {
    const lines = deliveryPromise(terms, { kind: "unknown" });
    expect(lines.map((line) => line.kind)).toEqual(["free-delivery", "arrival", "store-pickup"]);
    expect(lineOf(lines, "free-delivery")).toEqual({ kind: "free-delivery", threshold: 800_000, fee: 25_000 });
    expect(lineOf(lines, "arrival")).toMatchObject({ known: false, minDays: 1, maxDays: 5, slots: null, place: null });
    expect(lineOf(lines, "store-pickup")).toEqual({ kind: "store-pickup", fee: 0, shops: null });
  });

  it("offers pickup at the shops holding the product shown, and none when no shop holds it (decision 0051)", () => {
    expect(lineOf(deliveryPromise(terms, { kind: "unknown" }, 3), "store-pickup")).toEqual({ kind: "store-pickup", fee: 0, shops: 3 });
    expect(deliveryPromise(terms, { kind: "unknown" }, 0).map((line) => line.kind)).toEqual(["free-delivery", "arrival"]);
    expect(deliveryPromise(terms, deliveryDestination("Singapore", true), 0).map((line) => line.kind)).toEqual(["abroad"]);
  });

  it("promises Huế 2–5 working days without slots, names the place, and adds express when it is offered", () => {
    const lines = deliveryPromise(deliveryTerms({ ...shipping, expressEnabled: true }, rules, lateEvening), deliveryDestination("Huế", false));
    expect(lineOf(lines, "arrival")).toMatchObject({
      place: "Huế",
      known: true,
      minDays: 2,
      maxDays: 5,
      earliest: "2026-11-28",
      latest: "2026-12-02",
      slots: null,
    });
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
    expect(deliveryPlaceholders(deliveryTerms(shipping, rules, lateEvening))).toEqual({
      free_shipping_threshold: formatVnd(800_000),
      standard_fee: formatVnd(25_000),
      store_pickup_fee: formatVnd(0),
    });
  });

  it("write a day in each language", () => {
    expect(formatDeliveryDate("2026-11-26", "vi")).toBe("Thứ Năm, 26/11/2026");
    expect(formatDeliveryDate("2026-11-26", "en")).toBe("Thursday, 26/11/2026");
    expect(formatShortDeliveryDate("2026-11-26", "en")).toBe("Thu 26/11");
  });
});
