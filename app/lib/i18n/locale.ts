/**
 * The storefront's two languages (decision 0021): Vietnamese at today's paths, English under
 * /en/…. Browser-safe; the console stays Vietnamese and never goes through here.
 */
export const LOCALES = ["vi", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "vi";

const EN_PREFIX = "/en";

/** The language a storefront path is in: /en and /en/… are English, everything else Vietnamese. */
export function localeOfPath(pathname: string): Locale {
  return pathname === EN_PREFIX || pathname.startsWith(`${EN_PREFIX}/`) ? "en" : "vi";
}

/** The path without its language prefix: "/en/shop" → "/shop", "/en" → "/". */
export function pathWithoutLocale(pathname: string): string {
  return localeOfPath(pathname) === "en" ? pathname.slice(EN_PREFIX.length) || "/" : pathname;
}

/** Site paths that are not storefront pages: files, the console, the API. One language each. */
const NOT_A_PAGE = /^\/(?:admin|api|uploads|images|assets)(?:[/?#]|$)|^\/[^/?#]*\.[^/?#]*(?:[?#]|$)/;

/**
 * A storefront path (written as the Vietnamese one, query and hash allowed) in a language:
 * localizedPath("/shop?sort=price", "en") → "/en/shop?sort=price". Anything that is not a
 * storefront page (a full URL, mailto:, "#top", /images/…, /admin, /manual.pdf) is returned as it is.
 */
export function localizedPath(path: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE || !path.startsWith("/") || path.startsWith("//") || NOT_A_PAGE.test(path)) {
    return path;
  }
  const bare = pathWithoutLocale(path);
  if (bare === "/") return EN_PREFIX;
  return bare.startsWith("/?") || bare.startsWith("/#") ? EN_PREFIX + bare.slice(1) : EN_PREFIX + bare;
}

/** Intl's locale for weekday names and decimal numbers (7,4 / 7.4) in a language; money keeps formatVnd. */
export const INTL_LOCALE: Record<Locale, string> = { vi: "vi-VN", en: "en-GB" };

/** Open Graph's locale names. */
export const OG_LOCALE: Record<Locale, string> = { vi: "vi_VN", en: "en_US" };
