import type { MetaDescriptor } from "react-router";
import { buildSeoMeta, type SeoDefaults } from "~/features/seo/seo-meta";
import { DEFAULT_STORE_NAME } from "~/features/settings/store-name";
import type { StoreMessageKey } from "~/lib/i18n/i18n-context";
import { localeOfPath } from "~/lib/i18n/locale";
import { catalogueOf } from "~/lib/i18n/catalogue-store";
import { translate, type MessageParams } from "~/lib/i18n/messages";
import { STORE_LAYOUT_ROUTE_ID, type StoreLayoutData } from "./store-layout-data";

interface MetaArgs {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
  location: { pathname: string };
}

/** The store layout's data, as seen from a page's meta function or component. */
export function storeLayoutData(matches: MetaArgs["matches"]): StoreLayoutData | undefined {
  return matches.find((match) => match?.id === STORE_LAYOUT_ROUTE_ID)?.loaderData as StoreLayoutData | undefined;
}

/** Texts in the page's language for a meta function (hooks are not available there). */
export function metaTranslator(args: MetaArgs) {
  const locale = localeOfPath(args.location.pathname);
  const messages = catalogueOf(locale) ?? {};
  return (key: StoreMessageKey, params?: MessageParams) => translate(messages, locale, key, params);
}

/**
 * The head of a storefront page: its page_seo row (loaded by the store layout for the path)
 * over the page's own defaults. Use in every storefront route's `meta`:
 * `export const meta: Route.MetaFunction = (args) => storeMeta(args, { title, description })`.
 */
export function storeMeta(args: MetaArgs, defaults: SeoDefaults): MetaDescriptor[] {
  const layout = storeLayoutData(args.matches);
  return buildSeoMeta({
    defaults,
    seo: layout?.seo ?? null,
    origin: layout?.origin ?? "",
    path: args.location.pathname,
    siteName: layout?.storeName ?? DEFAULT_STORE_NAME,
    locale: localeOfPath(args.location.pathname),
  });
}
