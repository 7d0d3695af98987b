import { ArrowLeft, Lock, Phone } from "lucide-react";
import { Link } from "react-router";
import { useI18n } from "~/lib/i18n/i18n-context";
import { pathWithoutLocale } from "~/lib/i18n/locale";
import { LanguageSwitch } from "./language-switch";

const CHECKOUT_STEP_PATHS = new Set(["/checkout/information", "/checkout/shipping", "/checkout/payment"]);

/**
 * The checkout steps get the focused chrome (no announcement, menu, newsletter or footer to
 * wander off to); the cart and the order confirmation keep the full one.
 */
export function isFocusedCheckoutPath(pathname: string): boolean {
  return CHECKOUT_STEP_PATHS.has(pathWithoutLocale(pathname).replace(/\/$/, ""));
}

/**
 * The checkout's slim header: the logo (home), back to the cart, the secure-checkout note and the
 * language switch (cart and checkout data live in the browser's storage, so switching keeps them).
 * Phones: logo and switch on the first row, the back link on the second.
 */
export function CheckoutHeader({ storeName }: { storeName: string }) {
  const { t, href } = useI18n();
  return (
    <header className="border-b border-brand-charcoal/10 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 px-4 py-2 md:px-6 md:py-3">
        <Link
          to={href("/")}
          className="order-1 flex items-center rounded-md"
          aria-label={t("chrome.homeOf", { store: storeName })}
        >
          <img src="/images/brand/logo.svg" alt="" width={200} height={40} className="h-7 w-auto md:h-9" />
        </Link>
        <div className="order-2 flex items-center gap-2 sm:order-3">
          <p className="flex items-center gap-1.5 text-xs font-medium text-brand-teal-strong sm:text-sm" data-testid="secure-checkout">
            <Lock className="size-4" aria-hidden="true" />
            {t("checkout.chrome.secure")}
          </p>
          <LanguageSwitch />
        </div>
        <Link
          to={href("/cart")}
          className="order-3 -ml-1 inline-flex min-h-11 basis-full items-center gap-1.5 px-1 text-sm font-medium text-brand-teal-strong hover:underline sm:order-2 sm:mr-auto sm:basis-auto"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t("checkout.chrome.backToCart")}
        </Link>
      </div>
    </header>
  );
}

/** One line instead of the store footer: the copyright and the shop's phone for questions before ordering. */
export function CheckoutFooter({ storeName, copyright, phone }: { storeName: string; copyright: string | null; phone: string }) {
  return (
    <footer className="border-t border-brand-charcoal/10">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-1 px-4 py-4 text-xs text-brand-cool-gray md:px-6">
        <p>{copyright ?? storeName}</p>
        {phone && (
          <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className="inline-flex min-h-11 items-center gap-1.5 hover:underline">
            <Phone className="size-3.5" aria-hidden="true" />
            {phone}
          </a>
        )}
      </div>
    </footer>
  );
}
