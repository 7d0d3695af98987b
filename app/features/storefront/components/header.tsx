import { PackageSearch, ShoppingBag } from "~/components/ui/icons";
import { lazy, Suspense } from "react";
import { Link, NavLink } from "react-router";
import { cn } from "~/components/ui/cn";
import { useOpenedOnce } from "~/components/ui/use-opened-once";
import { openCartDrawer, setCartDrawerLoader, useCartCount, useCartDrawerOpen } from "~/features/cart/cart-store";
import { useLegacyCartMerge } from "~/features/cart/cart-client";
import { CurrencySwitch } from "~/features/catalog/components/currency-switch";
import { SearchButton } from "~/features/catalog/components/search-button";
import { useI18n } from "~/lib/i18n/i18n-context";
import { LanguageSwitch } from "./language-switch";
import { MobileMenu } from "./mobile-menu";
import { leftNavItems, rightNavItems } from "../nav-items";
import { HomeLogoLink } from "./home-logo-link";

interface HeaderProps {
  storeName: string;
  location: string | null;
  onOpenLocation: () => void;
}

// The cart drawer (and the quote, suggestions and checkout links it brings) loads when first opened.
const loadCartDrawer = () => import("~/features/checkout/components/cart-drawer");
const CartDrawer = lazy(() => loadCartDrawer().then((module) => ({ default: module.CartDrawer })));
setCartDrawerLoader(loadCartDrawer);

const cartButtonClass =
  "relative inline-flex size-11 items-center justify-center rounded-full hover:bg-brand-charcoal/5";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "relative inline-flex min-h-11 items-center text-sm font-bold tracking-[0.18em] hover:text-brand-teal-strong",
    "after:absolute after:inset-x-0 after:bottom-2 after:h-0.5 after:origin-left after:bg-current after:transition-transform",
    isActive ? "text-brand-teal-strong after:scale-x-100" : "after:scale-x-0 hover:after:scale-x-100",
  );

/** Logo centred, HOME and SHOP on the left, ABOUT US and BLOG on the right, search and cart. */
export function Header({ storeName, location, onOpenLocation }: HeaderProps) {
  const { t, href } = useI18n();
  const cartCount = useCartCount();
  const cartLabel = t("chrome.cart", { count: cartCount });
  useLegacyCartMerge();
  const cartIcon = (
    <>
      <ShoppingBag className="size-5" aria-hidden="true" />
      {/* No badge on an empty cart: a "0" reads as a notice to open. */}
      {cartCount > 0 && (
        <span
          aria-hidden="true"
          className="absolute top-1 right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-teal-strong px-1 text-[11px] leading-none font-bold text-white tabular-nums"
        >
          {cartCount > 99 ? "99+" : cartCount}
        </span>
      )}
    </>
  );
  const cartDrawerMounted = useOpenedOnce(useCartDrawerOpen());
  return (
    <header className="sticky top-0 z-40 border-b border-brand-charcoal/10 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <nav
        aria-label={t("chrome.mainNav")}
        className="mx-auto grid h-16 max-w-7xl grid-cols-[1fr_auto_1fr] items-center gap-2 px-2 sm:px-4 md:h-20 md:px-6"
      >
        <div className="flex items-center">
          <MobileMenu storeName={storeName} location={location} onOpenLocation={onOpenLocation} />
          <ul className="hidden items-center gap-8 md:flex">
            {leftNavItems.map((item) => (
              <li key={item.to}>
                <NavLink to={href(item.to)} end={item.to === "/"} className={navLinkClass}>
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>

        <HomeLogoLink storeName={storeName} className="justify-center px-1" imageClassName="h-8 w-auto md:h-10" />

        <div className="flex items-center justify-end gap-1 md:gap-6">
          <ul className="hidden items-center gap-8 md:flex">
            {rightNavItems.map((item) => (
              <li key={item.to}>
                <NavLink to={href(item.to)} className={navLinkClass}>
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="flex items-center">
            <span className="mr-1 hidden sm:inline-flex">
              <LanguageSwitch />
            </span>
            <span className="mr-1 hidden sm:flex">
              <CurrencySwitch />
            </span>
            <Link
              to={href("/order-lookup")}
              aria-label={t("chrome.trackOrder")}
              title={t("chrome.trackOrder")}
              data-testid="header-track-order"
              className={cartButtonClass}
            >
              <PackageSearch className="size-5" aria-hidden="true" />
            </Link>
            <SearchButton />
            {/*
              One element before, during and after hydration: a button in a GET form to the cart page.
              Without JavaScript it opens /cart; with it, the drawer. Swapping a link for a button once
              hydrated lost a tap whose press landed on one and release on the other (issue 32).
            */}
            <form method="get" action={href("/cart")} className="contents">
              <button
                type="submit"
                onClick={(event) => {
                  event.preventDefault();
                  openCartDrawer({ opener: event.currentTarget });
                }}
                onPointerEnter={loadCartDrawer}
                aria-label={cartLabel}
                aria-haspopup="dialog"
                data-testid="header-cart"
                className={cartButtonClass}
              >
                {cartIcon}
              </button>
            </form>
            {cartDrawerMounted && (
              <Suspense fallback={null}>
                <CartDrawer />
              </Suspense>
            )}
          </div>
        </div>
      </nav>
    </header>
  );
}
