import type { Locale } from "./i18n/locale";

/**
 * A person's name as one line, in the order of the language: Vietnamese writes the family name
 * first ("Nguyễn" + "Văn An" → "Nguyễn Văn An"), English the given name first. A name typed in
 * the checkout's one "Họ và tên" field is kept whole in firstName (lastName ""): it reads as typed
 * in both languages.
 */
export function displayName(person: { firstName: string; lastName: string }, locale: Locale): string {
  const first = person.firstName.trim();
  const last = person.lastName.trim();
  return (locale === "vi" ? [last, first] : [first, last]).filter(Boolean).join(" ");
}
