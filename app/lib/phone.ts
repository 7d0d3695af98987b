import { parsePhoneNumberFromString } from "libphonenumber-js/core";
import { vietnamPhoneMetadata } from "./phone-metadata.vn";

/**
 * Vietnamese phone numbers, safe in the browser and on the server (the same check runs in the
 * checkout form and in the order service).
 *
 * Validation is libphonenumber-js's, with its complete ("max") metadata for Vietnam only: the
 * number must be a MOBILE number by the current numbering plan (03x, 05x, 07x, 08x, 09x …), not a
 * landline, not a shared-cost or toll-free number. Loading only Vietnam's entry keeps the browser
 * cost to about 10 KB gzip instead of 34 KB (/mobile) or 50 KB (/max) — see
 * docs/decisions/0004-vietnam-address-and-phone.md.
 */

/** digitsOnly lives in a module of its own: the phone field uses it without loading the metadata. */
export { digitsOnly } from "./digits";

/**
 * "+84…" (E.164) for a valid Vietnamese mobile number written as 10 digits starting with 0
 * ("0912 345 678") or as 84 + 9 digits ("+84 912.345.678", "84-912-345-678"); spaces, dots,
 * dashes and one leading "+" are tolerated. Anything else (landlines, 9 or 11 digits, letters,
 * other countries) → null.
 */
export function normalizeVietnamesePhone(input: string): string | null {
  if (typeof input !== "string") return null;
  const compact = input.trim().replace(/[\s.-]+/g, "");
  const match = /^\+?(\d+)$/.exec(compact);
  if (!match) return null;
  const digits = match[1];
  const hasPlus = compact.startsWith("+");

  let national: string;
  if (!hasPlus && /^0\d{9}$/.test(digits)) national = digits.slice(1);
  else if (/^84\d{9}$/.test(digits)) national = digits.slice(2);
  else return null;

  const phone = parsePhoneNumberFromString(`+84${national}`, vietnamPhoneMetadata);
  if (!phone || phone.country !== "VN" || !phone.isValid() || phone.getType() !== "MOBILE") return null;
  return phone.number;
}

/** "+84912345678" → "0912345678": how Vietnamese write a number (and what zalo.me/… expects). */
export function nationalPhone(phone: string): string {
  return phone.startsWith("+84") ? `0${phone.slice(3)}` : phone;
}
