import { Check, ChevronRight, Lock } from "~/components/ui/icons";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "~/components/ui/cn";
import { useI18n, type StoreMessageKey } from "~/lib/i18n/i18n-context";
import { formatVnd } from "~/lib/money";
import type { CartView } from "../cart-quote.schema";
import type { CheckoutSettings, CheckoutShippingMethod } from "../checkout.schema";
import type { CheckoutStep } from "../checkout-progress";
import { priceOrder, type PricingDiscount } from "../pricing";
import { OrderSummary } from "./order-summary";

const steps = [
  { step: 1, label: "checkout.steps.information", to: "/checkout/information" },
  { step: 2, label: "checkout.steps.shipping", to: "/checkout/shipping" },
  { step: 3, label: "checkout.steps.payment", to: "/checkout/payment" },
] as const satisfies ReadonlyArray<{ step: CheckoutStep; label: StoreMessageKey; to: string }>;

interface CheckoutShellProps {
  step: CheckoutStep;
  settings: CheckoutSettings;
  /** The server cart priced now (the step's loader). */
  cart: CartView;
  /** The cart's discount code as it applies now. */
  discount: PricingDiscount | null;
  /** The delivery chosen so far; null on step 1 (shipping is "Calculated at the next step"). */
  shippingMethod: CheckoutShippingMethod | null;
  children: ReactNode;
}

/** Steps breadcrumb, the step's form, and the order summary (beside it on desktop, above it on phones). */
export function CheckoutShell({ step, settings, cart, discount, shippingMethod: method, children }: CheckoutShellProps) {
  const { t, href } = useI18n();
  const pricing = priceOrder({
    lines: cart.lines.filter((l) => l.line.problem !== "unavailable").map((l) => ({ unitPrice: l.line.unitPrice, quantity: l.quantity })),
    shipping: settings.shipping,
    vatRateBasisPoints: settings.vatRateBasisPoints,
    shippingMethod: method ?? "local-delivery",
    discount,
  });
  const summary = <OrderSummary lines={cart.lines} settings={settings} shippingMethod={method} discount={discount} />;
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-6 md:px-6 md:py-10 lg:grid-cols-[1fr_400px]">
      <div className="flex min-w-0 flex-col gap-6">
        <nav aria-label={t("checkout.steps.label")}>
          <ol className="flex flex-wrap items-center gap-x-1 gap-y-1 text-sm sm:gap-x-1.5">
            {/* Phones: the header's "back to cart" is the way back; the steps then fit on one line. */}
            <li className="hidden items-center gap-1.5 sm:flex">
              <Link to={href("/cart")} className="inline-flex min-h-11 items-center text-brand-teal-strong hover:underline">
                {t("checkout.steps.cart")}
              </Link>
              <ChevronRight className="size-4 text-brand-cool-gray" aria-hidden="true" />
            </li>
            {steps.map((s, i) => {
              const badge = (
                <span
                  aria-hidden="true"
                  className={cn(
                    "flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold tabular-nums sm:size-6",
                    s.step < step && "bg-brand-teal-strong text-white",
                    s.step === step && "bg-brand-charcoal text-white",
                    s.step > step && "border border-brand-cool-gray/60 text-brand-cool-gray",
                  )}
                >
                  {s.step < step ? <Check className="size-3 sm:size-3.5" strokeWidth={3} /> : s.step}
                </span>
              );
              return (
                <li key={s.step} className="flex items-center gap-1 sm:gap-1.5">
                  {s.step < step ? (
                    <Link to={href(s.to)} className="inline-flex min-h-11 items-center gap-1 text-brand-teal-strong hover:underline sm:gap-1.5">
                      {badge}
                      {t(s.label)}
                    </Link>
                  ) : (
                    <span className={cn("inline-flex min-h-11 items-center gap-1 sm:gap-1.5", s.step === step ? "font-bold" : "text-brand-cool-gray")}>
                      {badge}
                      <span aria-current={s.step === step ? "step" : undefined}>{t(s.label)}</span>
                    </span>
                  )}
                  {i < steps.length - 1 && <ChevronRight className="size-3.5 text-brand-cool-gray sm:size-4" aria-hidden="true" />}
                </li>
              );
            })}
          </ol>
        </nav>

        <details className="rounded-xl border border-brand-charcoal/10 bg-brand-white lg:hidden">
          <summary className="flex min-h-12 cursor-pointer items-center justify-between gap-2 px-4 text-sm font-medium">
            <span>{t("checkout.showSummary")}</span>
            <span className="font-bold tabular-nums">{cart.quote ? formatVnd(method === null ? pricing.subtotal - pricing.discount : pricing.total) : "…"}</span>
          </summary>
          <div className="border-t border-brand-charcoal/10 p-4">{summary}</div>
        </details>

        {children}
        <p className="flex items-center gap-2 text-xs text-brand-cool-gray">
          <Lock className="size-3.5" aria-hidden="true" /> {t("checkout.confirmedByShop")}
        </p>
      </div>
      <aside className="hidden rounded-2xl bg-brand-white p-6 lg:sticky lg:top-6 lg:block lg:self-start">{summary}</aside>
    </div>
  );
}
