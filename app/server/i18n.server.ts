import { en } from "~/lib/i18n/catalogue/en";
import { vi } from "~/lib/i18n/catalogue/vi";
import type { StoreMessageKey } from "~/lib/i18n/i18n-context";
import type { Locale } from "~/lib/i18n/locale";
import { translate, type MessageParams, type Messages } from "~/lib/i18n/messages";

const catalogues: Record<Locale, Messages> = { vi, en };

/** A language's whole storefront catalogue (the root loader sends it to the page). */
export function messagesFor(locale: Locale): Messages {
  return catalogues[locale];
}

/** Server-side texts (action messages, e-mails, meta) in a language. */
export function translatorFor(locale: Locale) {
  return (key: StoreMessageKey, params?: MessageParams) => translate(catalogues[locale], locale, key, params);
}
