import { lazy, Suspense, useState } from "react";
import { Outlet, useLocation, useMatches, type ShouldRevalidateFunction } from "react-router";
import { useDeliveryLocation } from "~/features/address/delivery-locations";
import type { StoreRouteHandle } from "~/features/storefront/components/checkout-chrome";
import { Footer, hasOwnNewsletter } from "~/features/storefront/components/footer";
import { storeChrome } from "~/features/storefront/store-chrome";
import type { StoreLayoutData } from "~/features/storefront/store-layout-data";
import { deliveryTerms } from "~/features/checkout/delivery-promise";
import { Header } from "~/features/storefront/components/header";
import { StoreErrorPage } from "~/features/storefront/components/store-error-page";
import { TopBar } from "~/features/storefront/components/top-bar";
import { useOpenedOnce } from "~/components/ui/use-opened-once";
import { getPageContent } from "~/features/content/content.server";
import { newsletterNoticeFromQuery } from "~/features/newsletter/newsletter.server";
import { getStorefrontPageSeo } from "~/features/seo/seo.server";
import { getStorefrontSettings } from "~/features/settings/settings.server";
import { getStorefrontPolicyLinks } from "~/features/pages/pages.server";
import { contentOptions } from "~/features/content/content-options";
import type { Route } from "./+types/layout";
import { useI18n } from "~/lib/i18n/i18n-context";
import { publicOrigin } from "~/server/request-guards.server";

const LocationDrawer = lazy(() =>
  import("~/features/storefront/components/location-drawer").then((module) => ({ default: module.LocationDrawer })),
);

/**
 * The storefront chrome: top bar, header, footer (from page content and settings). The cart count is
 * read in the browser. The checkout steps get a focused chrome instead (checkout-chrome.tsx).
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<StoreLayoutData> {
  const { db } = context.database;
  const options = contentOptions(request, context);
  const url = new URL(request.url);
  const path = url.pathname;
  const [footer, topBar, settings, seo, policies] = await Promise.all([
    getPageContent(db, "footer", options),
    getPageContent(db, "top_bar", options),
    getStorefrontSettings(db),
    getStorefrontPageSeo(db, path),
    getStorefrontPolicyLinks(db, options.locale),
  ]);
  // The outcome of a newsletter sign-up posted without JavaScript (see routes/store/newsletter.tsx).
  const newsletterNotice = newsletterNoticeFromQuery(url.searchParams);
  // One set of delivery terms for every promise on the page (top bar, product page, shop, cart).
  const delivery = deliveryTerms(settings.shipping, settings.delivery);
  const chrome = storeChrome({ footer, topBar, settings, delivery, newsletterNotice, policies });
  return {
    storeName: settings.store.storeName,
    /** The page_seo row of this path (see storeMeta) and the origin for absolute URLs. */
    seo,
    origin: publicOrigin(context.env, request),
    socialLinks: chrome.socialLinks,
    placeholders: chrome.placeholders,
    newsletterNotice,
    /** The USD reference rate for the storefront's currency switch (app/features/catalog/currency.ts). */
    currency: { usdExchangeRate: settings.currency.usdExchangeRate },
    /** What checkout offers (fees, free-delivery threshold, earliest day): features/checkout/delivery-promise.ts. */
    delivery,
    topBar: chrome.topBar,
    footer: chrome.footer,
  };
}

/** The head depends on the path (its page_seo row): load it again on every navigation. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;

export default function StoreLayout({ loaderData }: Route.ComponentProps) {
  const { storeName, topBar, footer } = loaderData;
  const { t } = useI18n();
  const [locationOpen, setLocationOpen] = useState(false);
  const locationDrawerMounted = useOpenedOnce(locationOpen);
  const location = useDeliveryLocation();
  const openLocation = () => setLocationOpen(true);
  const { pathname } = useLocation();
  // The checkout steps' focused chrome, named by their routes' handle (its code comes with theirs).
  const focused = useMatches()
    .map((match) => (match.handle as StoreRouteHandle | undefined)?.chrome)
    .find((chrome) => chrome !== undefined);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-full bg-brand-charcoal px-5 py-3 font-medium text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t("chrome.skipToContent")}
      </a>
      {focused ? (
        <focused.Header storeName={storeName} />
      ) : (
        <>
          {topBar && (
            <TopBar
              text={topBar.text}
              backgroundColor={topBar.backgroundColor}
              location={location}
              onOpenLocation={openLocation}
            />
          )}
          <Header storeName={storeName} location={location} onOpenLocation={openLocation} />
        </>
      )}
      <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      {focused ? (
        <focused.Footer
          storeName={storeName}
          copyright={footer.copyright}
          phone={footer.store.phone}
          policyLinks={footer.policyLinks}
        />
      ) : (
        // A page with its own newsletter block gets no second one in the footer right below it.
        <Footer {...footer} newsletter={hasOwnNewsletter(pathname) ? null : footer.newsletter} />
      )}
      {locationDrawerMounted && (
        <Suspense fallback={null}>
          <LocationDrawer open={locationOpen} onOpenChange={setLocationOpen} selected={location} />
        </Suspense>
      )}
    </div>
  );
}

/** A page or its chrome that cannot load, or a refused form post: the storefront's error page. */
export function ErrorBoundary() {
  return <StoreErrorPage />;
}
