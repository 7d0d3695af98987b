import { createContext, useContext, useMemo, type ReactNode } from "react";
import { DEFAULT_LOCALE, localizedPath, type Locale } from "./locale";
import { translate, type MessageKey, type MessageParams, type Messages } from "./messages";

export type StoreMessageKey = MessageKey<Messages>;

export interface I18n {
  locale: Locale;
  /** The text for a key in the page's language. */
  t: (key: StoreMessageKey, params?: MessageParams) => string;
  /**
   * A text that may be a catalogue key or already a text: schema and server messages are keys
   * where the catalogue has them ("checkout.errors.firstName"), SPEC's fixed Vietnamese texts as they are.
   */
  text: (keyOrText: string, params?: MessageParams) => string;
  /** A storefront path in the page's language: href("/shop") is "/en/shop" on the English site. */
  href: (path: string) => string;
}

interface I18nData {
  locale: Locale;
  /** The language's catalogue, sent by the root loader (never bundled). */
  messages: Messages | null;
}

const I18nContext = createContext<I18nData>({ locale: DEFAULT_LOCALE, messages: null });

export function I18nProvider({ locale, messages, children }: I18nData & { children: ReactNode }) {
  const value = useMemo(() => ({ locale, messages }), [locale, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The page's language, its texts and its links. */
export function useI18n(): I18n {
  const { locale, messages } = useContext(I18nContext);
  return useMemo(
    () => ({
      locale,
      t: (key, params) => translate(messages ?? {}, locale, key, params),
      text: (keyOrText, params) => translate(messages ?? {}, locale, keyOrText, params),
      href: (path) => localizedPath(path, locale),
    }),
    [locale, messages],
  );
}
