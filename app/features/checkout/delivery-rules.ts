// The delivery promise computed from the shop's delivery rules (issue 31 item 1): one pure,
// browser-safe function for the product page, the cart, the shipping step (and its server check),
// the confirmation page, the order e-mails, the tracking page and the shipping policy's table.

import type { DeliveryRules } from "~/features/settings/settings.schema";
import { isIsoDay } from "~/lib/dates";
import { shopDayIso } from "~/lib/shop-day";
import { addDays, deliveryDateRange, deliverySlots } from "./delivery-days";

/** What the shop can promise for a parcel to one province. */
export interface DeliveryPromise {
  /** Working days from hand-over to delivery, as the rules state them. */
  minDays: number;
  maxDays: number;
  /** The working day the parcel leaves the shop ("YYYY-MM-DD", Vietnam). */
  handoverDate: string;
  /** The first and last day the parcel may arrive ("YYYY-MM-DD", Vietnam). */
  earliest: string;
  latest: string;
  /** One-hour slots are delivered there (the shopper picks a day and a slot). */
  slots: boolean;
  /** false: the province is unknown, the range is the shop's general one (every region's). */
  known: boolean;
}

const VIETNAM_OFFSET_MINUTES = 7 * 60;

/** Minutes since midnight in Vietnam (UTC+7 all year, no daylight saving). */
function vietnamMinuteOfDay(moment: Date): number {
  const minutes = Math.floor(moment.getTime() / 60_000) + VIETNAM_OFFSET_MINUTES;
  return ((minutes % 1440) + 1440) % 1440;
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(":").map(Number);
  return hours * 60 + minutes;
}

/** A day couriers hand over and deliver on: one of the working weekdays and not a closed date. */
export function isWorkingDay(isoDay: string, rules: Pick<DeliveryRules, "workingDays" | "closedDates">): boolean {
  const weekday = new Date(`${isoDay}T00:00:00Z`).getUTCDay();
  return rules.workingDays.includes(weekday) && !rules.closedDates.includes(isoDay);
}

/** The working day `count` working days after isoDay (count 0: isoDay itself). */
export function addWorkingDays(
  isoDay: string,
  count: number,
  rules: Pick<DeliveryRules, "workingDays" | "closedDates">,
): string {
  let day = isoDay;
  // A year of closed days is the most a valid rule set can hold: never loop for ever.
  for (let remaining = count, guard = 0; remaining > 0 && guard < 800; guard++) {
    day = addDays(day, 1);
    if (isWorkingDay(day, rules)) remaining--;
  }
  return day;
}

/** The first working day on or after isoDay. */
export function nextWorkingDay(isoDay: string, rules: Pick<DeliveryRules, "workingDays" | "closedDates">): string {
  let day = isoDay;
  for (let guard = 0; !isWorkingDay(day, rules) && guard < 800; guard++) day = addDays(day, 1);
  return day;
}

/** The lead days and slot offer for a province (null or unknown code: the general range, no slots). */
export function deliveryLeadDays(
  provinceCode: string | null,
  rules: DeliveryRules,
): { minDays: number; maxDays: number; slots: boolean; known: boolean } {
  if (provinceCode) {
    const region = rules.regions.find((candidate) => candidate.provinceCodes.includes(provinceCode));
    if (region) return { minDays: region.minDays, maxDays: region.maxDays, slots: region.slots, known: true };
    return { minDays: rules.otherMinDays, maxDays: rules.otherMaxDays, slots: false, known: true };
  }
  const ranges = [...rules.regions, { minDays: rules.otherMinDays, maxDays: rules.otherMaxDays }];
  return {
    minDays: Math.min(...ranges.map((range) => range.minDays)),
    maxDays: Math.max(...ranges.map((range) => range.maxDays)),
    slots: false,
    known: false,
  };
}

/**
 * The promise for an order placed now: it is handed over today when today is a working day and the
 * cut-off has not passed, else on the next working day; it arrives min–max working days later.
 */
export function deliveryPromiseFor(provinceCode: string | null, now: Date, rules: DeliveryRules): DeliveryPromise {
  const today = shopDayIso(now);
  const beforeCutoff = vietnamMinuteOfDay(now) < minutesOf(rules.cutoffTime);
  const handoverDate =
    beforeCutoff && isWorkingDay(today, rules) ? today : nextWorkingDay(addDays(today, 1), rules);
  return deliveryFromHandover(provinceCode, handoverDate, rules);
}

/**
 * The range counted from a known hand-over day: a parcel given to a carrier that states no
 * expected date arrives within the province's lead days of that day.
 */
export function deliveryFromHandover(provinceCode: string | null, handoverDate: string, rules: DeliveryRules): DeliveryPromise {
  const lead = deliveryLeadDays(provinceCode, rules);
  return {
    ...lead,
    handoverDate,
    earliest: addWorkingDays(handoverDate, lead.minDays, rules),
    latest: addWorkingDays(handoverDate, lead.maxDays, rules),
  };
}

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
