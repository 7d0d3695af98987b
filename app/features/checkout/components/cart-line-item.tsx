import { AlertTriangle, Minus, Plus, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/components/ui/cn";
import { MAX_LINE_QUANTITY, rememberSeenPrices, removeFromCart, updateCartQuantity } from "~/features/cart/cart-store";
import { useI18n } from "~/lib/i18n/i18n-context";
import { formatVnd } from "~/lib/money";
import type { QuotedLine } from "../cart-quote.schema";

interface CartLineItemProps {
  line: QuotedLine;
  /** The quantity in local storage (shown at once, before the next quote arrives). */
  quantity: number;
  /** The price the shopper saw before, when it differs from the current one. */
  previousPrice?: number;
  /** The cart page disables minus at 1; the drawer removes the line instead. */
  variant: "drawer" | "page";
  onNavigate?: () => void;
}

/** One cart line: image, name, đ price, minus/plus, remove, and what changed since it was added. */
export function CartLineItem({ line, quantity, previousPrice, variant, onNavigate }: CartLineItemProps) {
  const { t } = useI18n();
  const unavailable = line.problem === "unavailable";
  const minusDisabled = variant === "page" && quantity <= 1;
  const plusDisabled =
    unavailable || quantity >= MAX_LINE_QUANTITY || (line.stockAvailable !== null && quantity >= line.stockAvailable);
  const decrease = () => (quantity <= 1 ? removeFromCart(line.productId) : updateCartQuantity(line.productId, quantity - 1));

  return (
    <li className="flex gap-3 py-4" data-testid="cart-line" data-product-id={line.productId}>
      <div className="size-20 shrink-0 overflow-hidden rounded-xl bg-brand-white sm:size-24">
        {line.image ? (
          <img src={line.image} alt={line.imageAlt} width={96} height={96} loading="lazy" className="size-full object-cover" />
        ) : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-2">
          {unavailable ? (
            <p className="font-medium text-brand-charcoal">{line.name}</p>
          ) : (
            <Link to={line.href} onClick={onNavigate} className="font-medium text-brand-charcoal hover:text-brand-teal-strong hover:underline">
              {line.name}
            </Link>
          )}
          <button
            type="button"
            onClick={() => removeFromCart(line.productId)}
            aria-label={t("cart.line.remove", { name: line.name })}
            className="-mt-2 -mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-brand-cool-gray hover:bg-brand-charcoal/5 hover:text-red-700"
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        </div>
        {!unavailable && (
          <p className="text-sm text-brand-charcoal">
            <span className="font-semibold tabular-nums" data-testid="line-unit-price">
              {formatVnd(line.unitPrice)}
            </span>
            {previousPrice !== undefined && (
              <span className="ml-2 text-brand-cool-gray line-through tabular-nums">{formatVnd(previousPrice)}</span>
            )}
          </p>
        )}
        {previousPrice !== undefined && !unavailable && (
          <p role="status" className="flex flex-wrap items-center gap-x-2 text-xs text-amber-900">
            <span>
              {t("cart.line.priceChanged", { before: formatVnd(previousPrice), now: formatVnd(line.unitPrice) })}
            </span>
            <button
              type="button"
              className="font-semibold underline underline-offset-2"
              onClick={() => rememberSeenPrices({ [line.productId]: line.unitPrice })}
            >
              {t("cart.line.ok")}
            </button>
          </p>
        )}
        {line.problem && (
          <p role="status" className="flex items-start gap-1.5 text-xs font-medium text-red-800">
            <AlertTriangle className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
            {unavailable
              ? t("cart.line.unavailable")
              : t("cart.line.lowStock", { count: line.stockAvailable ?? 0 })}
          </p>
        )}
        <div className="mt-auto flex items-center justify-between gap-2 pt-1">
          {unavailable ? (
            <span />
          ) : (
            <div className="inline-flex items-center rounded-full border border-brand-charcoal/20">
              <button
                type="button"
                onClick={decrease}
                disabled={minusDisabled}
                aria-label={t("cart.line.decrease", { name: line.name })}
                className="inline-flex size-9 items-center justify-center rounded-full hover:bg-brand-charcoal/5 disabled:cursor-not-allowed disabled:opacity-40"
              >
                <Minus className="size-4" aria-hidden="true" />
              </button>
              <span className="w-8 text-center text-sm font-semibold tabular-nums" aria-live="polite" aria-label={t("cart.line.quantity", { quantity })}>
                {quantity}
              </span>
              <button
                type="button"
                onClick={() => updateCartQuantity(line.productId, quantity + 1)}
                disabled={plusDisabled}
                aria-label={t("cart.line.increase", { name: line.name })}
                className="inline-flex size-9 items-center justify-center rounded-full hover:bg-brand-charcoal/5 disabled:cursor-not-allowed disabled:opacity-40"
              >
                <Plus className="size-4" aria-hidden="true" />
              </button>
            </div>
          )}
          {!unavailable && (
            <span className={cn("text-sm font-bold tabular-nums", variant === "drawer" && "sr-only")}>
              {formatVnd(line.unitPrice * quantity)}
            </span>
          )}
        </div>
      </div>
    </li>
  );
}
