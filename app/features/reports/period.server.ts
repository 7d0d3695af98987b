import { shopDayIso } from "~/lib/dates";

/** Vietnam keeps UTC+7 all year (no daylight saving). */
const SHOP_UTC_OFFSET = "+07:00";

/** YYYY-MM-DD plus n days (n may be negative), by the calendar. */
export function addDays(isoDay: string, n: number): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** The instant a shop-local day starts. */
export function shopDayStart(isoDay: string): Date {
  return new Date(`${isoDay}T00:00:00${SHOP_UTC_OFFSET}`);
}

export interface DayRange {
  /** First day (YYYY-MM-DD, shop time). */
  fromDay: string;
  /** Last day: today in the shop's time zone. */
  toDay: string;
  /** Orders from this instant (the first day's local midnight)… */
  from: Date;
  /** …up to and including this one (now). */
  to: Date;
}

/**
 * The last `days` calendar days in Asia/Ho_Chi_Minh, today included: from local midnight of the
 * first day until now. A 7-day report on a Monday covers Tuesday 00:00 a week earlier until now.
 */
export function lastDays(days: number, now: Date = new Date()): DayRange {
  const toDay = shopDayIso(now);
  const fromDay = addDays(toDay, -(days - 1));
  return { fromDay, toDay, from: shopDayStart(fromDay), to: now };
}
