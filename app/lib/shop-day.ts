/*
 * The shop's time zone and calendar day, apart from dates.ts's formats: the delivery calendar
 * (product page, cart) needs only these, and dates.ts holds every format the console uses.
 */

/** Dates are stored in UTC and shown in the shop's time zone. */
export const SHOP_TIME_ZONE = "Asia/Ho_Chi_Minh";

const isoDayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: SHOP_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

export const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** The shop's calendar day of an instant, as YYYY-MM-DD (file names, chart keys, delivery days). */
export function shopDayIso(value: Date | string = new Date()): string {
  return isoDayFormat.format(asDate(value));
}

/** "YYYY-MM-DD" plus n days (calendar arithmetic in UTC, no time-zone drift). */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
