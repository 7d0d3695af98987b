import type { Locale } from "./locale";
import type { Messages } from "./messages";

/**
 * The storefront texts of each language, outside the pages' hydration data (decision 0036).
 * The server registers both catalogues as it starts (app/server/i18n.server.ts); the browser
 * fetches its page's language, a static file cached for a year, before it hydrates
 * (app/entry.client.tsx) and when the language changes (the root's clientLoader).
 */
const catalogues = new Map<Locale, Messages>();
const loading = new Map<string, Promise<Messages>>();

export function registerCatalogue(locale: Locale, messages: Messages) {
  catalogues.set(locale, messages);
}

/** A language's texts, or null where they have not been loaded (the browser, before hydration). */
export function catalogueOf(locale: Locale): Messages | null {
  return catalogues.get(locale) ?? null;
}

/** Fetches a language's catalogue from its file once; concurrent callers share the request. */
export function loadCatalogue(locale: Locale, url: string): Promise<Messages> {
  const known = catalogues.get(locale);
  if (known) return Promise.resolve(known);
  let pending = loading.get(url);
  if (!pending) {
    pending = fetch(url, { credentials: "same-origin" })
      .then((response) => {
        if (!response.ok) throw new Error(`texts catalogue ${url}: HTTP ${response.status}`);
        return response.json() as Promise<Messages>;
      })
      .then((messages) => {
        registerCatalogue(locale, messages);
        return messages;
      })
      .finally(() => loading.delete(url));
    loading.set(url, pending);
  }
  return pending;
}
