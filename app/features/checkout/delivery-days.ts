// The delivery calendar (bookable days, hourly slots), without zod: the product page, the top bar
// and the cart show the same dates the shipping step's schema (checkout.schema.ts) accepts, and
// importing them from the schema put zod and the phone library into those pages' JavaScript.

import { addDays, shopDayIso } from "~/lib/shop-day";

export { addDays } from "~/lib/shop-day";

/** How far ahead a delivery can be booked. */
export const DELIVERY_DAYS_AHEAD = 30;

/** SPEC §9: ten hourly slots from 12:00 - 13:00 to 21:00 - 22:00. */
export const deliverySlots = Array.from({ length: 10 }, (_, i) => {
  const from = 12 + i;
  return `${from}:00 - ${from + 1}:00`;
});

/** "YYYY-MM-DD" of a moment in Vietnam (one formatter for the process: building one per call cost a page render 1 ms). */
export function dateInVietnam(moment: Date): string {
  return shopDayIso(moment);
}


/** The bookable delivery days: tomorrow (in Vietnam) to DELIVERY_DAYS_AHEAD days ahead. */
export function deliveryDateRange(now: Date = new Date()): { min: string; max: string } {
  const today = dateInVietnam(now);
  return { min: addDays(today, 1), max: addDays(today, DELIVERY_DAYS_AHEAD) };
}
