/** Dates are stored in UTC and shown in the vi-VN locale, time zone Asia/Ho_Chi_Minh (shop-day.ts). */
import { asDate, SHOP_TIME_ZONE } from "./shop-day";

export { SHOP_TIME_ZONE, shopDayIso } from "./shop-day";

const dateFormat = new Intl.DateTimeFormat("vi-VN", {
  timeZone: SHOP_TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
});
const dateTimeFormat = new Intl.DateTimeFormat("vi-VN", {
  timeZone: SHOP_TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** 23/11/2026 */
export function formatDateVi(value: Date | string): string {
  return dateFormat.format(asDate(value));
}

/** 14:05 23/11/2026 */
export function formatDateTimeVi(value: Date | string): string {
  return dateTimeFormat.format(asDate(value));
}

/** "2026-11-23" → "23/11" (chart labels), or "23/11/2026" with the year. */
export function formatIsoDayVi(isoDay: string, withYear = false): string {
  const [y, m, d] = isoDay.split("-");
  return withYear ? `${d}/${m}/${y}` : `${d}/${m}`;
}

/**
 * True for a real calendar day written YYYY-MM-DD. JavaScript's Date rolls "2026-11-31" over to
 * 1 December, PostgreSQL refuses it: a day counts only if it reads back unchanged.
 */
export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * "2026-11-23T10:00" (a datetime-local input, Vietnam time) or "2026-11-23" → the instant; ""
 * → null; anything else → an invalid Date (so a zod date check refuses it).
 */
export function parseVietnamDateTime(value: string): Date | null {
  const s = value.trim();
  if (s === "") return null;
  const m = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2})(?::\d{2})?)?$/.exec(s);
  if (!m || !isIsoDay(m[1])) return new Date(Number.NaN);
  // Times typed in the admin are Vietnam time (UTC+7, no daylight saving).
  return new Date(`${m[1]}T${m[2] ?? "00:00"}:00+07:00`);
}

/** A Date as the value of a datetime-local input in Vietnam time ("2026-11-23T10:00"). */
export function toVietnamDateTimeInput(date: Date | string | null): string {
  if (!date) return "";
  const d = new Date(new Date(date).getTime() + 7 * 3600_000);
  return d.toISOString().slice(0, 16);
}
