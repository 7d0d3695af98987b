// The shipping step's day and slot checked against the delivery rules (issue 31 item 1), as the
// shopper chooses, when step 2 is posted and when the order is placed. Browser-safe.

import {
  deliveryPromiseFor,
  isWorkingDay,
  type DeliveryPromise,
} from "~/features/settings/delivery-calendar";
import type { DeliveryRules } from "~/features/settings/settings.schema";
import { isIsoDay } from "~/lib/dates";
import { addDays, deliveryDateRange, deliverySlots } from "./delivery-days";

export {
  deliveryFromHandover,
  deliveryPromiseFor,
  type DeliveryPromise,
} from "~/features/settings/delivery-calendar";

/** How far past the earliest day a slot delivery may be booked. */
export const SLOT_BOOKING_DAYS = 30;

/** The days a slot delivery may be booked on: the earliest day to SLOT_BOOKING_DAYS later, working days only. */
export function bookableDays(promise: Pick<DeliveryPromise, "earliest">): { min: string; max: string } {
  return { min: promise.earliest, max: addDays(promise.earliest, SLOT_BOOKING_DAYS) };
}

/** Why a chosen day or slot is refused, as a catalogue key; null when the rules allow it. */
export function deliveryChoiceError(
  promise: DeliveryPromise,
  choice: { date: string; slot: string },
  rules: Pick<DeliveryRules, "workingDays" | "closedDates">,
  slotOptions: readonly string[],
): { field: "shippingDate" | "shippingTime"; message: string } | null {
  if (!promise.slots) {
    // No slots there: the courier brings it within the range; a day or slot would be a promise we cannot keep.
    return choice.date === "" && choice.slot === ""
      ? null
      : { field: choice.slot === "" ? "shippingDate" : "shippingTime", message: "delivery.errors.slotNotOffered" };
  }
  if (choice.date === "" || !slotOptions.includes(choice.slot))
    return { field: choice.date === "" ? "shippingDate" : "shippingTime", message: "checkout.errors.deliveryDateTime" };
  const { min, max } = bookableDays(promise);
  if (choice.date < min || choice.date > max) return { field: "shippingDate", message: "delivery.errors.outsideRange" };
  if (!isWorkingDay(choice.date, rules)) return { field: "shippingDate", message: "delivery.errors.closedDay" };
  return null;
}

/** The shipping step's choice as posted ("" when not chosen). */
export interface DeliveryChoice {
  shippingMethod: "local-delivery" | "store-pickup" | "express";
  shippingDate: string;
  shippingTime: string;
}

/**
 * Why the shipping step's day and slot are refused for an order placed now to this province, as a
 * field and a catalogue key; null when the rules allow them. The same check runs as the shopper
 * chooses, when step 2 is posted and when the order is placed. Store pickup keeps its calendar (a
 * day from tomorrow and an hourly slot at the store).
 */
export function deliveryChoiceRefusal(
  choice: DeliveryChoice,
  provinceCode: string | null,
  rules: DeliveryRules,
  now: Date,
): { field: "shippingDate" | "shippingTime"; message: string } | null {
  if (choice.shippingDate !== "" && !isIsoDay(choice.shippingDate))
    return { field: "shippingDate", message: "checkout.errors.deliveryDateTime" };
  if (choice.shippingMethod === "store-pickup") {
    if (choice.shippingDate === "" || !deliverySlots.includes(choice.shippingTime))
      return { field: choice.shippingDate === "" ? "shippingDate" : "shippingTime", message: "checkout.errors.deliveryDateTime" };
    const { min, max } = deliveryDateRange(now);
    return choice.shippingDate < min || choice.shippingDate > max
      ? { field: "shippingDate", message: "checkout.errors.deliveryDatePast" }
      : null;
  }
  return deliveryChoiceError(
    deliveryPromiseFor(provinceCode || null, now, rules),
    { date: choice.shippingDate, slot: choice.shippingTime },
    rules,
    deliverySlots,
  );
}
