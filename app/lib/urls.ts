/**
 * Addresses an admin may save for an href or src. Only a site path ("/…", not "//host" or "/\host") or an
 * http(s) URL; links may also be mailto: or tel:. Anything else (javascript:, data:, vbscript:,
 * protocol-relative) is refused where it is saved and never previewed. Safe for the browser.
 */
const siteOrHttpUrl = /^(?:\/(?![/\\])\S*|https?:\/\/\S+)$/i;
const linkUrl = /^(?:\/(?![/\\])\S*|https?:\/\/\S+|mailto:[^\s:]+@\S+|tel:\+?[\d\s.-]+)$/i;

/** A site path or an http(s) URL (images, downloads): "/images/a.svg", "https://cdn.vn/a.png". */
export function isSiteOrHttpUrl(value: string): boolean {
  return siteOrHttpUrl.test(value.trim());
}

/** What a link may point at: a site path, an http(s) URL, mailto: or tel:. */
export function isLinkUrl(value: string): boolean {
  return linkUrl.test(value.trim());
}

/** An absolute URL for a site path or URL (Open Graph and canonical need absolute ones). */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}
