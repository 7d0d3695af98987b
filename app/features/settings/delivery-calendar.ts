// The delivery calendar of the shop's delivery rules (issue 31 item 1): one pure, browser-safe
// computation of what the shop promises for a parcel to a province, used by checkout (product page,
// cart, shipping step and its server check), the confirmation and tracking pages, the order
// e-mails and the shipping policy's table. Here, in the lowest feature, so each of them may use it.

import { INTL_LOCALE, type Locale } from "~/lib/i18n/locale";
import type { MessageParams } from "~/lib/i18n/messages";
import { addDays, shopDayIso } from "~/lib/shop-day";
import type { DeliveryRules } from "./delivery-rules.schema";

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


/** What an order's pages and e-mails say about its delivery. */
export type OrderDeliveryExpectation =
  /** The day and slot the shopper booked (the shop's city, or pickup at the store). */
  | { kind: "slot"; date: string; slot: string }
  /** The rules' range: from the order's placing, or from the hand-over to a carrier that states no date. */
  | { kind: "range"; earliest: string; latest: string }
  /** The carrier's own expected day, once the parcel is with it. */
  | { kind: "carrier"; date: string };

/**
 * The delivery an order's pages and e-mails state. Once shipped, the carrier's expected day replaces
 * the promise; a carrier that states none gets the rules' range from the hand-over day (never the
 * booked slot: the shop's riders no longer carry it).
 */
export function orderDeliveryExpectation(
  order: { provinceCode: string; createdAt: Date; shippingDate: string | null; shippingSlot: string | null },
  shipment: { expectedDeliveryAt: Date | null; handedOverAt: Date } | null,
  rules: DeliveryRules,
): OrderDeliveryExpectation {
  if (shipment?.expectedDeliveryAt) return { kind: "carrier", date: shopDayIso(shipment.expectedDeliveryAt) };
  if (shipment) {
    const { earliest, latest } = deliveryFromHandover(order.provinceCode, shopDayIso(shipment.handedOverAt), rules);
    return { kind: "range", earliest, latest };
  }
  if (order.shippingDate && order.shippingSlot) return { kind: "slot", date: order.shippingDate, slot: order.shippingSlot };
  const { earliest, latest } = deliveryPromiseFor(order.provinceCode, order.createdAt, rules);
  return { kind: "range", earliest, latest };
}

/** The catalogue texts an order's delivery is stated with (the page's or the e-mail's translator). */
type DeliveryExpectationTexts = (
  key: "checkout.order.deliveryOn" | "delivery.order.expected" | "delivery.order.carrierExpected",
  params: MessageParams,
) => string;

/** An order's delivery in words, the same on its confirmation and tracking pages and in its e-mails. */
export function describeDeliveryExpectation(
  expectation: OrderDeliveryExpectation,
  locale: Locale,
  t: DeliveryExpectationTexts,
): string {
  switch (expectation.kind) {
    case "slot":
      return t("checkout.order.deliveryOn", { date: formatDeliveryDate(expectation.date, locale), slot: expectation.slot });
    case "range":
      return t("delivery.order.expected", {
        earliest: formatShortDeliveryDate(expectation.earliest, locale),
        latest: formatShortDeliveryDate(expectation.latest, locale),
      });
    case "carrier":
      return t("delivery.order.carrierExpected", { date: formatDeliveryDate(expectation.date, locale) });
  }
}

/** "thứ Năm, 26/11/2026" / "Thursday, 26/11/2026": a delivery day as the shipping step and the promise show it. */
export function formatDeliveryDate(isoDay: string, locale: Locale): string {
  return deliveryDateFormats[locale].format(new Date(`${isoDay}T00:00:00Z`));
}

/** "T4, 02/12" / "Wed, 02/12": a day of a delivery range, short enough for one line. */
export function formatShortDeliveryDate(isoDay: string, locale: Locale): string {
  return shortDeliveryDateFormats[locale].format(new Date(`${isoDay}T00:00:00Z`));
}

// Made once: toLocaleDateString with options builds a formatter on every call (decision 0025).
const shortDeliveryDateFormats: Record<Locale, Intl.DateTimeFormat> = {
  vi: new Intl.DateTimeFormat(INTL_LOCALE.vi, { weekday: "short", day: "2-digit", month: "2-digit", timeZone: "UTC" }),
  en: new Intl.DateTimeFormat(INTL_LOCALE.en, { weekday: "short", day: "2-digit", month: "2-digit", timeZone: "UTC" }),
};

const deliveryDateFormats: Record<Locale, Intl.DateTimeFormat> = {
  vi: deliveryDateFormat("vi"),
  en: deliveryDateFormat("en"),
};

function deliveryDateFormat(locale: Locale): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    weekday: "long",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone: "UTC",
  });
}
