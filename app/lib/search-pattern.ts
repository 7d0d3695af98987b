/** Small helpers for searching lists in SQL, safe in the browser. */

/** `%text%` for LIKE, with the pattern characters of the text escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Digits of a phone search, however the number is written ("0901 234 567", "+84 901.234.567",
 * "84901234567", "(+84) 901-234-567" → "901234567"): the leading 0 of a national number, or the
 * 84 country code (with a "+", or ahead of a whole 9-digit number), is dropped so it matches the
 * stored +84… form. Null when the text is not a phone fragment of at least 3 digits.
 */
export function phoneDigits(text: string): string | null {
  if (!/^[\d\s+().-]+$/.test(text)) return null;
  let digits = text.replace(/\D/g, "");
  if (digits.startsWith("84") && (/^\s*\(?\+/.test(text) || digits.length === 11)) digits = digits.slice(2);
  else if (digits.startsWith("0")) digits = digits.slice(1);
  return digits.length >= 3 ? digits : null;
}

/**
 * A tracking code (or part of one) as staff type it, upper-cased for the codes' upper() index
 * ("ghn 5xk7" is not one: a code has no space). Null when the text cannot be part of a code:
 * fewer than 4 characters, or anything but letters, digits, dashes, dots and underscores.
 */
export function trackingCodeFragment(text: string): string | null {
  const code = text.trim().toUpperCase();
  return /^[A-Z0-9._-]{4,40}$/.test(code) ? code : null;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Row ids are UUIDs; anything else cannot be a row (and must not reach a uuid column). */
export function isUuid(text: string): boolean {
  return uuidPattern.test(text);
}
