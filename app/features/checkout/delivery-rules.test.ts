import { describe, expect, it } from "vitest";
import { defaultSettingsFor, deliveryRulesSettingsSchema } from "~/features/settings/settings.schema";
import { deliverySlots } from "./delivery-days";
import { orderDeliveryExpectation } from "~/features/settings/delivery-calendar";
import { deliveryChoiceError, deliveryFromHandover, deliveryPromiseFor } from "./delivery-rules";

const rules = defaultSettingsFor("delivery");
const HUE = "46";
const HANOI = "01";
const HCM = "79";

/** A moment given in Vietnam time (UTC+7). */
const vietnam = (local: string) => new Date(`${local}+07:00`);

describe("deliveryPromiseFor with the seeded rules (shipping policy: 1–2 working days in Hà Nội/HCM, 2–5 elsewhere)", () => {
  it("promises Huế 2–5 working days, not tomorrow", () => {
    // Monday 30 November 2026, 10:00: handed over the same day.
    const promise = deliveryPromiseFor(HUE, vietnam("2026-11-30T10:00:00"), rules);
    expect(promise).toMatchObject({ minDays: 2, maxDays: 5, handoverDate: "2026-11-30", slots: false, known: true });
    expect(promise.earliest).toBe("2026-12-02");
    expect(promise.latest).toBe("2026-12-05");
  });

  it("promises Hà Nội 1–2 working days without slots, and the shop's own city with slots", () => {
    const hanoi = deliveryPromiseFor(HANOI, vietnam("2026-11-30T10:00:00"), rules);
    expect(hanoi).toMatchObject({ minDays: 1, maxDays: 2, earliest: "2026-12-01", latest: "2026-12-02", slots: false });
    expect(deliveryPromiseFor(HCM, vietnam("2026-11-30T10:00:00"), rules).slots).toBe(true);
  });

  it("counts an order after the 15:00 cut-off from the next working day", () => {
    const promise = deliveryPromiseFor(HANOI, vietnam("2026-11-30T15:00:00"), rules);
    expect(promise).toMatchObject({ handoverDate: "2026-12-01", earliest: "2026-12-02", latest: "2026-12-03" });
    expect(deliveryPromiseFor(HANOI, vietnam("2026-11-30T14:59:00"), rules).handoverDate).toBe("2026-11-30");
  });

  it("skips Sundays: a Saturday evening or Sunday order leaves on Monday, and no parcel arrives on a Sunday", () => {
    expect(deliveryPromiseFor(HANOI, vietnam("2026-12-05T16:00:00"), rules)).toMatchObject({
      handoverDate: "2026-12-07",
      earliest: "2026-12-08",
    });
    expect(deliveryPromiseFor(HUE, vietnam("2026-11-29T09:00:00"), rules).handoverDate).toBe("2026-11-30");
    // Saturday morning to Hà Nội: handed over Saturday, the next working day is Monday.
    expect(deliveryPromiseFor(HANOI, vietnam("2026-12-05T09:00:00"), rules).earliest).toBe("2026-12-07");
  });

  it("skips closed dates such as Tết", () => {
    const tet = deliveryRulesSettingsSchema.parse({
      closedDates: ["2027-02-05", "2027-02-06", "2027-02-08", "2027-02-09", "2027-02-10"],
    });
    const promise = deliveryPromiseFor(HUE, vietnam("2027-02-04T10:00:00"), tet);
    expect(promise).toMatchObject({ handoverDate: "2027-02-04", earliest: "2027-02-12", latest: "2027-02-16" });
  });

  it("gives an unknown province the shop's general range and no slots", () => {
    const promise = deliveryPromiseFor(null, vietnam("2026-11-30T10:00:00"), rules);
    expect(promise).toMatchObject({ minDays: 1, maxDays: 5, slots: false, known: false });
  });

  it("counts from the hand-over day for a carrier that gives no expected date", () => {
    expect(deliveryFromHandover(HUE, "2026-12-04", rules)).toMatchObject({ earliest: "2026-12-07", latest: "2026-12-10" });
  });
});

describe("deliveryChoiceError", () => {
  const monday = vietnam("2026-11-30T10:00:00");
  const hcm = deliveryPromiseFor(HCM, monday, rules);
  const hue = deliveryPromiseFor(HUE, monday, rules);
  const check = (promise: typeof hcm, date: string, slot: string) =>
    deliveryChoiceError(promise, { date, slot }, rules, deliverySlots);

  it("accepts a slot on a working day in the shop's city from the earliest day", () => {
    expect(check(hcm, "2026-12-01", "12:00 - 13:00")).toBeNull();
  });

  it("refuses a day before the earliest, a Sunday, a missing or unknown slot", () => {
    expect(check(hcm, "2026-11-30", "12:00 - 13:00")?.message).toBe("delivery.errors.outsideRange");
    expect(check(hcm, "2026-12-06", "12:00 - 13:00")?.message).toBe("delivery.errors.closedDay");
    expect(check(hcm, "2026-12-01", "")).toEqual({ field: "shippingTime", message: "checkout.errors.deliveryDateTime" });
    expect(check(hcm, "2026-12-01", "23:00 - 24:00")?.field).toBe("shippingTime");
  });

  it("refuses any day or slot where no slots are offered, and accepts none", () => {
    expect(check(hue, "", "")).toBeNull();
    expect(check(hue, "2026-12-02", "12:00 - 13:00")).toEqual({
      field: "shippingTime",
      message: "delivery.errors.slotNotOffered",
    });
    expect(check(hue, "2026-12-02", "")?.message).toBe("delivery.errors.slotNotOffered");
  });
});

describe("the delivery rules' settings", () => {
  it("refuses a minimum above the maximum, a bad cut-off, no working day and a province in two regions", () => {
    const result = deliveryRulesSettingsSchema.safeParse({
      otherMinDays: "6",
      otherMaxDays: "5",
      cutoffTime: "25:00",
      workingDays: [],
      regions: [
        { name: "A", provinceCodes: ["01"], minDays: 1, maxDays: 2 },
        { name: "B", provinceCodes: ["01"], minDays: 1, maxDays: 2 },
      ],
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join("."), issue.message]));
    expect(messages).toMatchObject({
      cutoffTime: "Giờ chốt đơn phải có dạng HH:MM (ví dụ 15:00)",
      workingDays: "Chọn ít nhất một ngày làm việc",
      "regions.1.provinceCodes": "Một tỉnh, thành chỉ thuộc một vùng",
    });
  });

  it("refuses a minimum above the maximum", () => {
    const result = deliveryRulesSettingsSchema.safeParse({ otherMinDays: "6", otherMaxDays: "5" });
    expect(result.error?.issues[0]).toMatchObject({
      path: ["otherMaxDays"],
      message: "Số ngày tối thiểu không được lớn hơn tối đa",
    });
  });
});

describe("orderDeliveryExpectation (confirmation, tracking page, e-mails)", () => {
  const placed = { provinceCode: HCM, createdAt: vietnam("2026-11-30T10:00:00"), shippingDate: "2026-12-01", shippingSlot: "12:00 - 13:00" };

  it("states the booked slot before shipping, and the rules' range for an order without one", () => {
    expect(orderDeliveryExpectation(placed, null, rules)).toEqual({ kind: "slot", date: "2026-12-01", slot: "12:00 - 13:00" });
    const hue = { ...placed, provinceCode: HUE, shippingDate: null, shippingSlot: null };
    expect(orderDeliveryExpectation(hue, null, rules)).toEqual({ kind: "range", earliest: "2026-12-02", latest: "2026-12-05" });
  });

  it("once shipped: the carrier's expected day, or the range from hand-over; never the slot", () => {
    const ghn = { expectedDeliveryAt: new Date("2026-12-03T10:00:00Z"), handedOverAt: vietnam("2026-12-01T09:00:00") };
    expect(orderDeliveryExpectation(placed, ghn, rules)).toEqual({ kind: "carrier", date: "2026-12-03" });
    const ghtk = { expectedDeliveryAt: null, handedOverAt: vietnam("2026-12-04T09:00:00") };
    expect(orderDeliveryExpectation(placed, ghtk, rules)).toEqual({ kind: "range", earliest: "2026-12-05", latest: "2026-12-07" });
  });
});
