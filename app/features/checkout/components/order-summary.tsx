import { cn } from "~/components/ui/cn";
import { useI18n } from "~/lib/i18n/i18n-context";
import { formatVnd } from "~/lib/money";
import type { CheckoutSettings, CheckoutShippingMethod } from "../checkout.schema";
import type { CartViewLine } from "../cart-quote.schema";
import { priceOrder, type PricingDiscount } from "../pricing";
import { VatIncludedLine } from "./vat-included-line";

interface OrderSummaryProps {
  lines: CartViewLine[];
  settings: CheckoutSettings;
  /** Null on step 1: shipping is "Calculated at the next step". */
  shippingMethod: CheckoutShippingMethod | null;
  discount: PricingDiscount | null;
  className?: string;
}

/**
 * Lines, subtotal, discount, shipping, total and the VAT included (SPEC §9), priced from the quote.
 * Nothing reads "0 ₫" or "−0 ₫": a free delivery says so, a code that takes nothing off the goods
 * shows what it does instead (free shipping) or no amount at all.
 */
export function OrderSummary({ lines, settings, shippingMethod, discount, className }: OrderSummaryProps) {
  const { t } = useI18n();
  const pricing = priceOrder({
    lines: lines.filter((l) => l.line.problem !== "unavailable").map((l) => ({ unitPrice: l.line.unitPrice, quantity: l.quantity })),
    shipping: settings.shipping,
    vatRateBasisPoints: settings.vatRateBasisPoints,
    shippingMethod: shippingMethod ?? "local-delivery",
    discount,
  });
  return (
    <section aria-labelledby="order-summary-title" className={cn("flex flex-col gap-4", className)} data-testid="order-summary">
      <h2 id="order-summary-title" className="text-lg font-bold">
        {t("checkout.summary.title")}
      </h2>
      <ul className="flex flex-col gap-3">
        {lines.map(({ line, quantity }) => (
          <li key={line.productId} className="flex items-center gap-3">
            <div className="relative size-16 shrink-0 rounded-lg border border-brand-charcoal/10 bg-white">
              {line.image && <img src={line.image} alt="" width={64} height={64} className="size-full rounded-lg object-cover" />}
              <span className="absolute -top-2 -right-2 flex size-6 items-center justify-center rounded-full bg-brand-charcoal text-xs font-bold text-white">
                {quantity}
              </span>
            </div>
            <span className="min-w-0 flex-1 text-sm">{line.name}</span>
            <span className="text-sm font-semibold tabular-nums">{formatVnd(line.unitPrice * quantity)}</span>
          </li>
        ))}
      </ul>
      <dl className="flex flex-col gap-2 border-t border-brand-charcoal/10 pt-4 text-sm">
        <div className="flex justify-between">
          <dt>{t("checkout.summary.subtotal")}</dt>
          <dd className="tabular-nums" data-testid="summary-subtotal">
            {formatVnd(pricing.subtotal)}
          </dd>
        </div>
        {discount && (discount.type === "free_shipping" || pricing.discount > 0) && (
          <div className="flex justify-between text-brand-teal-strong">
            <dt>{t("checkout.summary.discount", { code: discount.code })}</dt>
            <dd className="tabular-nums" data-testid="summary-discount">
              {discount.type === "free_shipping" ? t("checkout.summary.freeShipping") : `−${formatVnd(pricing.discount)}`}
            </dd>
          </div>
        )}
        <div className="flex justify-between">
          <dt>{t("checkout.summary.shipping")}</dt>
          <dd className="tabular-nums" data-testid="summary-shipping">
            {shippingMethod === null
              ? t("checkout.summary.nextStep")
              : pricing.shippingFee === 0
                ? t("checkout.summary.freeShipping")
                : formatVnd(pricing.shippingFee)}
          </dd>
        </div>
        <div className="mt-2 flex items-baseline justify-between border-t border-brand-charcoal/10 pt-3">
          <dt className="text-base font-bold">{t("checkout.summary.total")}</dt>
          <dd className="text-xl font-bold tabular-nums" data-testid="summary-total">
            {formatVnd(shippingMethod === null ? pricing.subtotal - pricing.discount : pricing.total)}
          </dd>
        </div>
      </dl>
      <VatIncludedLine vatRateBasisPoints={settings.vatRateBasisPoints} amount={pricing.tax} className="-mt-2" data-testid="summary-tax" />
    </section>
  );
}
