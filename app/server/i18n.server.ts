import { createHash } from "node:crypto";
import { registerCatalogue } from "~/lib/i18n/catalogue-store";
import { en } from "~/lib/i18n/catalogue/en";
import { vi } from "~/lib/i18n/catalogue/vi";
import type { StoreMessageKey } from "~/lib/i18n/i18n-context";
import { LOCALES, type Locale } from "~/lib/i18n/locale";
import { translate, type MessageParams, type Messages } from "~/lib/i18n/messages";

const catalogues: Record<Locale, Messages> = { vi, en };

/**
 * Each catalogue as the file the browser fetches (decision 0036): its JSON, and a name that
 * changes with its content ("/i18n/vi.3f9a0c1b2d.json"), so it can be cached for a year.
 */
const catalogueFiles = new Map(
  LOCALES.map((locale) => {
    const json = JSON.stringify(catalogues[locale]);
    const hash = createHash("sha256").update(json).digest("hex").slice(0, 10);
    return [locale, { url: `/i18n/${locale}.${hash}.json`, json }] as const;
  }),
);

// Pages rendered on the server read their texts from the store, like the browser after it has fetched them.
for (const locale of LOCALES) registerCatalogue(locale, catalogues[locale]);

/** The address of a language's catalogue file (the root loader gives it to the page). */
export function catalogueUrlOf(locale: Locale): string {
  return catalogueFiles.get(locale)!.url;
}

/** The catalogue file at a path, or null when the path names no current catalogue. */
export function catalogueFileAt(pathname: string): string | null {
  for (const file of catalogueFiles.values()) if (file.url === pathname) return file.json;
  return null;
}

/** Server-side texts (action messages, e-mails, meta) in a language. */
export function translatorFor(locale: Locale) {
  return (key: StoreMessageKey, params?: MessageParams) => translate(catalogues[locale], locale, key, params);
}
