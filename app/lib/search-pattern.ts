/** Small helpers for searching lists in SQL, safe in the browser. */

/** `%text%` for LIKE, with the pattern characters of the text escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Digits of a phone search ("0901 234 567" → "901234567"): the leading 0 of a national number
 * (or the +84 prefix) is dropped so it matches the stored +84… form. Null when the text is not a
 * phone fragment of at least 3 digits.
 */
export function phoneDigits(text: string): string | null {
  if (!/^[\d\s+().-]+$/.test(text)) return null;
  let digits = text.replace(/\D/g, "");
  if (digits.startsWith("84") && text.trim().startsWith("+")) digits = digits.slice(2);
  else if (digits.startsWith("0")) digits = digits.slice(1);
  return digits.length >= 3 ? digits : null;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Row ids are UUIDs; anything else cannot be a row (and must not reach a uuid column). */
export function isUuid(text: string): boolean {
  return uuidPattern.test(text);
}
