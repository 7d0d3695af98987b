import { useRouteLoaderData } from "react-router";
import type { DeliveryTerms } from "~/features/checkout/delivery-promise";
import type { NewsletterNotice } from "~/features/newsletter/components/newsletter-form";
import type { PageSeoData } from "~/features/seo/seo-meta";
import type { storeChrome } from "./store-chrome";

type StoreChrome = ReturnType<typeof storeChrome>;

/** The route id of the storefront layout (app/routes.ts), whose loader gives every page this data. */
export const STORE_LAYOUT_ROUTE_ID = "routes/store/layout";

/**
 * What the store layout's loader gives every storefront page. Declared here, not inferred from the
 * route, so pages and meta functions read it without importing another route (issue 32).
 */
export interface StoreLayoutData {
  storeName: string;
  /** The page_seo row of this path (see storeMeta) and the origin for absolute URLs. */
  seo: PageSeoData | null;
  origin: string;
  socialLinks: StoreChrome["socialLinks"];
  placeholders: StoreChrome["placeholders"];
  newsletterNotice: NewsletterNotice | null;
  /** The USD reference rate for the storefront's currency switch (app/features/catalog/currency.ts). */
  currency: { usdExchangeRate: number };
  /** What checkout offers (fees, free-delivery threshold, earliest day): features/checkout/delivery-promise.ts. */
  delivery: DeliveryTerms;
  topBar: StoreChrome["topBar"];
  footer: StoreChrome["footer"];
}

/** The store layout's data in a storefront page's component (undefined outside the storefront). */
export function useStoreLayout(): StoreLayoutData | undefined {
  return useRouteLoaderData(STORE_LAYOUT_ROUTE_ID) as StoreLayoutData | undefined;
}
