import { ArrowLeft, Lock, Phone } from "~/components/ui/icons";
import { Link } from "react-router";
import { useI18n } from "~/lib/i18n/i18n-context";
import { LanguageSwitch } from "./language-switch";
import { HomeLogoLink } from "./home-logo-link";

/**
 * The checkout's slim header: the logo (home), back to the cart, the secure-checkout note and the
 * language switch (cart and checkout data live in the browser's storage, so switching keeps them).
 * Phones: logo and secure note on the first row, back link and language switch on the second.
 */
export function CheckoutHeader({ storeName }: { storeName: string }) {
  const { t, href } = useI18n();
  return (
    <header className="border-b border-brand-charcoal/10 bg-white">
      <div className="mx-auto grid max-w-6xl grid-cols-[1fr_auto] items-center gap-x-4 px-4 py-1.5 sm:flex sm:gap-x-6 md:px-6 md:py-3">
        <HomeLogoLink storeName={storeName} className="order-1 w-fit" imageClassName="h-7 w-auto md:h-9" />
        <p
          className="order-2 flex items-center gap-1.5 justify-self-end text-xs font-medium text-brand-teal-strong sm:order-3 sm:ml-auto sm:text-sm"
          data-testid="secure-checkout"
        >
          <Lock className="size-4" aria-hidden="true" />
          {t("checkout.chrome.secure")}
        </p>
        <Link
          to={href("/cart")}
          className="order-3 -ml-1 inline-flex min-h-11 w-fit items-center gap-1.5 px-1 text-sm font-medium text-brand-teal-strong hover:underline sm:order-2"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t("checkout.chrome.backToCart")}
        </Link>
        <LanguageSwitch className="order-4 justify-self-end" />
      </div>
    </header>
  );
}

/** One line instead of the store footer: the copyright and the shop's phone for questions before ordering. */
export function CheckoutFooter({
  storeName,
  copyright,
  phone,
  policyLinks = [],
}: {
  storeName: string;
  copyright: string | null;
  phone: string;
  /** The shop's policies (issue 19): a buyer reads them before placing an order. */
  policyLinks?: Array<{ text: string; url: string }>;
}) {
  const { t, href } = useI18n();
  return (
    <footer className="border-t border-brand-charcoal/10">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-1 px-4 py-4 text-xs text-brand-cool-gray md:px-6">
        <p>{copyright ?? storeName}</p>
        {policyLinks.length > 0 && (
          <nav aria-label={t("footer.policies")}>
            <ul className="flex flex-wrap gap-x-4">
              {policyLinks.map((link) => (
                <li key={link.url}>
                  <Link to={href(link.url)} className="inline-flex min-h-11 items-center hover:underline">
                    {link.text}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
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

/**
 * The checkout steps get the focused chrome (no announcement, menu, newsletter or footer to
 * wander off to); the cart and the order confirmation keep the full one. A step's route exports
 * `handle = { chrome: focusedCheckoutChrome }` and the store layout shows these in place of its
 * header and footer: their code comes with the steps' own, not in every storefront page's shell
 * (decision 0027, issue 17).
 */
export const focusedCheckoutChrome = { Header: CheckoutHeader, Footer: CheckoutFooter };

/** A storefront route's `handle`, as the store layout reads it. */
export interface StoreRouteHandle {
  chrome?: typeof focusedCheckoutChrome;
}
