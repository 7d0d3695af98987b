import type { Locale } from "~/lib/i18n/locale";

/*
 * Review rules safe in every bundle (no zod, no Drizzle): the limits the form, the service and
 * the table's checks share (db/schema/reviews.ts writes the same numbers in its checks), the
 * product page's step and the figures' format. The storefront pages import only this module.
 */

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MIN = 10;
export const REVIEW_BODY_MAX = 2000;
export const REVIEW_NAME_MAX = 60;
export const REVIEW_REPLY_MAX = 2000;
export const REVIEW_PHOTOS_MAX = 3;

/** Reviews shown per "show more" step on the product page. */
export const REVIEWS_PAGE_SIZE = 5;

/**
 * The name a review is signed with unless the buyer writes another: the given name and the
 * family name's initial ("Nguyễn Văn An" → "Văn An N."; "John Smith" → "John S."). A name typed
 * whole in the checkout's one field (lastName "") is split by the order's language: Vietnamese
 * writes the family name first, English last (see lib/person-name.ts).
 */
export function defaultReviewerName(person: { firstName: string; lastName: string }, locale: Locale): string {
  let given = person.firstName.trim().replace(/\s+/g, " ");
  let family = person.lastName.trim();
  if (!family) {
    const words = given.split(" ").filter(Boolean);
    if (words.length > 1) {
      family = locale === "vi" ? words[0] : words[words.length - 1];
      given = (locale === "vi" ? words.slice(1) : words.slice(0, -1)).join(" ");
    }
  }
  const initial = family ? `${Array.from(family)[0].toLocaleUpperCase("vi-VN")}.` : "";
  return [given, initial].filter(Boolean).join(" ").slice(0, REVIEW_NAME_MAX);
}

/** A rating's average shown with one decimal in the page's language (4,7 in Vietnamese). */
export function formatAverage(average: number, intlLocale: string): string {
  let format = averageFormats.get(intlLocale);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    averageFormats.set(intlLocale, format);
  }
  return format.format(average);
}

/** One formatter per language (two): made once, not on every render. */
const averageFormats = new Map<string, Intl.NumberFormat>();
