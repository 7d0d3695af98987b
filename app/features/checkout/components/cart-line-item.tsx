import { AlertTriangle, Minus, Plus, Trash2 } from "~/components/ui/icons";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "~/components/ui/toast";
import { cn } from "~/components/ui/cn";
import { CartForm } from "~/features/cart/components/cart-form";
import { MAX_LINE_QUANTITY } from "~/features/cart/cart-store";
import type { CartPostAnswer } from "~/features/cart/cart-client";
import { useI18n } from "~/lib/i18n/i18n-context";
import { formatVnd } from "~/lib/money";
import type { QuotedLine } from "../cart-quote.schema";

interface CartLineItemProps {
  line: QuotedLine;
  /** The quantity in the cart. */
  quantity: number;
  /** The price the shopper saw before, when it differs from the current one. */
  previousPrice?: number;
  /** The cart page disables minus at 1; the drawer removes the line instead. */
  variant: "drawer" | "page";
  onNavigate?: () => void;
  /** After the server has answered a change of this line: show the cart again. */
  onChanged: () => void;
}

/**
 * One cart line: image, name, đ price, minus/plus, remove, and what changed since it was added.
 * Each button is a form button (it works without JavaScript); with it, the new quantity shows at
 * once and the totals follow the server's answer.
 */
export function CartLineItem({
  line,
  quantity: savedQuantity,
  previousPrice,
  variant,
  onNavigate,
  onChanged,
}: CartLineItemProps) {
  const { t, text } = useI18n();
  // The quantity being sent, shown until the cart comes back from the server.
  const [sending, setSending] = useState<number | null>(null);
  const quantity = sending ?? savedQuantity;
  const unavailable = line.problem === "unavailable";
  const minusDisabled = variant === "page" && quantity <= 1;
  const plusDisabled =
    unavailable || quantity >= MAX_LINE_QUANTITY || (line.stockAvailable !== null && quantity >= line.stockAvailable);
  const onPost = (fields: FormData) => {
    const wanted = fields.get("intent") === "remove" ? 0 : Number(fields.get("quantity"));
    if (Number.isSafeInteger(wanted)) setSending(wanted);
    return (answer: CartPostAnswer) => {
      if (!answer.ok) toast.error(text(answer.error));
      onChanged();
      setSending(null);
    };
  };

  return (
    <li className="flex gap-3 py-4" data-testid="cart-line" data-product-id={line.productId}>
      <div className="size-20 shrink-0 overflow-hidden rounded-xl bg-brand-white sm:size-24">
        {line.image ? (
          <img
            src={line.image}
            alt={line.imageAlt}
            width={96}
            height={96}
            loading="lazy"
            className="size-full object-cover"
          />
        ) : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-2">
          {unavailable ? (
            <p className="font-medium text-brand-charcoal">{line.name}</p>
          ) : (
            <Link
              to={line.href}
              onClick={onNavigate}
              className="font-medium text-brand-charcoal hover:text-brand-teal-strong hover:underline"
            >
              {line.name}
            </Link>
          )}
          <CartForm intent="remove" productId={line.productId} onPost={onPost} className="-mt-2 -mr-2 shrink-0">
            <button
              type="submit"
              aria-label={t("cart.line.remove", { name: line.name })}
              className="inline-flex size-10 items-center justify-center rounded-full text-brand-cool-gray hover:bg-brand-charcoal/5 hover:text-red-700"
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </button>
          </CartForm>
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
            <CartForm intent="acknowledge-price" productId={line.productId} onPost={() => onChanged} className="inline">
              <button type="submit" className="font-semibold underline underline-offset-2">
                {t("cart.line.ok")}
              </button>
            </CartForm>
          </p>
        )}
        {line.problem && (
          <p role="status" className="flex items-start gap-1.5 text-xs font-medium text-red-800">
            <AlertTriangle className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
            {unavailable ? t("cart.line.unavailable") : t("cart.line.lowStock", { count: line.stockAvailable ?? 0 })}
          </p>
        )}
        <div className="mt-auto flex items-center justify-between gap-2 pt-1">
          {unavailable ? (
            <span />
          ) : (
            <CartForm
              intent="set-quantity"
              productId={line.productId}
              onPost={onPost}
              className="inline-flex items-center rounded-full border border-brand-charcoal/20"
            >
              <button
                type="submit"
                name="quantity"
                value={quantity - 1}
                disabled={minusDisabled}
                aria-label={t("cart.line.decrease", { name: line.name })}
                className="inline-flex size-9 items-center justify-center rounded-full hover:bg-brand-charcoal/5 disabled:cursor-not-allowed disabled:opacity-40"
              >
                <Minus className="size-4" aria-hidden="true" />
              </button>
              <span
                className="w-8 text-center text-sm font-semibold tabular-nums"
                aria-live="polite"
                aria-label={t("cart.line.quantity", { quantity })}
              >
                {quantity}
              </span>
              <button
                type="submit"
                name="quantity"
                value={quantity + 1}
                disabled={plusDisabled}
                aria-label={t("cart.line.increase", { name: line.name })}
                className="inline-flex size-9 items-center justify-center rounded-full hover:bg-brand-charcoal/5 disabled:cursor-not-allowed disabled:opacity-40"
              >
                <Plus className="size-4" aria-hidden="true" />
              </button>
            </CartForm>
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
