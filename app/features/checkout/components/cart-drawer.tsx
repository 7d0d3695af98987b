import { ShoppingBag } from "~/components/ui/icons";
import { useCallback, useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "~/components/ui/sheet";
import { setCartDrawerOpen, takeCartDrawerOpener, useCartDrawerOpen } from "~/features/cart/cart-store";
import { CartAddedStatus } from "~/features/cart/components/cart-added-status";
import { useI18n } from "~/lib/i18n/i18n-context";
import { formatVnd } from "~/lib/money";
import { CartLineItem } from "./cart-line-item";
import { FreeDeliveryProgressBar } from "./free-delivery-progress";
import { CartSuggestions } from "./suggestions";
import type { CartView } from "../cart-quote.schema";

/** The cart as GET /api/cart gives it, fetched when the drawer opens and after each change. */
function useDrawerCart(open: boolean) {
  const { locale } = useI18n();
  const [state, setState] = useState<{ view: CartView | null; error: boolean }>({ view: null, error: false });
  const reload = useCallback(() => {
    fetch(`/api/cart?locale=${locale}`, { headers: { Accept: "application/json" } })
      .then((response) => {
        if (!response.ok) throw new Error(`cart: ${response.status}`);
        return response.json() as Promise<CartView>;
      })
      .then(
        (view) => setState({ view, error: false }),
        () => setState((current) => ({ ...current, error: true })),
      );
  }, [locale]);
  useEffect(() => {
    if (open) reload();
  }, [open, reload]);
  return { ...state, reload };
}

/**
 * The cart drawer (SPEC §2): title with the item count, free-delivery progress, lines, two
 * suggestions, subtotal, Checkout and View Cart. Everything priced by the server's quote.
 */
export function CartDrawer() {
  const { t, href } = useI18n();
  const open = useCartDrawerOpen();
  const { view, error, reload } = useDrawerCart(open);
  const close = () => setCartDrawerOpen(false);
  const count = view?.count ?? 0;
  const quote = view?.quote ?? null;
  const empty = view !== null && view.lines.length === 0;
  const statusId = useId();

  return (
    <Sheet open={open} onOpenChange={setCartDrawerOpen}>
      <SheetContent
        side="right"
        closeLabel={t("cart.closeCart")}
        scrolls={false}
        // An add's confirmation is there as it opens: read with the dialog, not as a live change.
        aria-describedby={statusId}
        onCloseAutoFocus={(event) => {
          // Not a Radix trigger that opened it (the header's button, an add): give focus back by hand.
          const opener = takeCartDrawerOpener();
          if (opener?.isConnected) {
            event.preventDefault();
            opener.focus();
          }
        }}
      >
        <SheetHeader>
          <SheetTitle>{t("cart.titleWithCount", { count })}</SheetTitle>
          <SheetDescription className="sr-only">{t("cart.drawerDescription")}</SheetDescription>
        </SheetHeader>
        <CartAddedStatus id={statusId} className="mx-5 mt-4" />

        {empty ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-4 p-8 text-center">
            <ShoppingBag className="size-12 text-brand-cool-gray" aria-hidden="true" />
            <p className="text-base text-brand-charcoal">{t("cart.drawerEmpty")}</p>
            <Button asChild>
              <Link to={href("/shop")} onClick={close}>
                {t("cart.startShopping")}
              </Link>
            </Button>
          </div>
        ) : (
          <>
            <div className="flex flex-1 flex-col gap-5 overflow-y-auto px-5 pb-5">
              {quote && (
                <div className="pt-4">
                  <FreeDeliveryProgressBar
                    percent={quote.freeDeliveryPercent}
                    remaining={quote.remainingForFreeDelivery}
                  />
                </div>
              )}
              {error && !quote && (
                <p role="alert" className="pt-4 text-sm text-red-800">
                  {t("cart.loadFailed")}
                </p>
              )}
              {!view && !error && (
                <p className="pt-4 text-sm text-brand-cool-gray" role="status">
                  {t("cart.loading")}
                </p>
              )}
              <ul className="divide-y divide-brand-charcoal/10" aria-label={t("cart.items")}>
                {view?.lines.map(({ line, quantity, previousPrice }) => (
                  <CartLineItem
                    key={line.productId}
                    line={line}
                    quantity={quantity}
                    previousPrice={previousPrice}
                    variant="drawer"
                    onNavigate={close}
                    onChanged={reload}
                  />
                ))}
              </ul>
              {quote && <CartSuggestions suggestions={quote.suggestions} onNavigate={close} onAdded={reload} />}
            </div>
            <div className="flex flex-col gap-3 border-t border-brand-charcoal/10 bg-white p-5">
              <div className="flex items-center justify-between text-base">
                <span className="font-medium">{t("cart.subtotal")}</span>
                <span className="font-bold tabular-nums" data-testid="drawer-subtotal" aria-busy={!view}>
                  {quote ? formatVnd(quote.subtotal) : "…"}
                </span>
              </div>
              {quote?.hasProblems && <p className="text-xs text-red-800">{t("cart.needsAttention")}</p>}
              {quote?.orderLimit && (
                <p className="text-xs text-red-800">{t(quote.orderLimit.message, quote.orderLimit.params)}</p>
              )}
              <p className="text-xs text-brand-cool-gray">{t("cart.calculatedAtCheckout")}</p>
              {quote?.hasProblems || quote?.orderLimit ? (
                <Button disabled className="w-full">
                  {t("cart.checkout")}
                </Button>
              ) : (
                <Button asChild className="w-full">
                  <Link to={href("/checkout/information")} onClick={close}>
                    {t("cart.checkout")}
                  </Link>
                </Button>
              )}
              <Button asChild variant="outline" className="w-full">
                <Link to={href("/cart")} onClick={close}>
                  {t("cart.viewCart")}
                </Link>
              </Button>
            </div>
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}
