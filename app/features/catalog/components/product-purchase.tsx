import { Minus, Plus, ShoppingBag, Zap } from "~/components/ui/icons";
import { useId, useRef, useState, type KeyboardEvent } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { useHydrated } from "~/components/ui/use-hydrated";
import { MAX_LINE_QUANTITY } from "~/features/cart/cart-store";
import { AddToCartForm } from "~/features/cart/components/add-to-cart-form";
import { useI18n } from "~/lib/i18n/i18n-context";
import { formatVnd } from "~/lib/money";
import type { ProductDetail } from "../catalog-types";

/** The most a shopper can add at once: 99, or what is left of a tracked product. */
export function maxQuantity(product: Pick<ProductDetail, "trackStock" | "stockQuantity">): number {
  return product.trackStock ? Math.max(0, Math.min(MAX_LINE_QUANTITY, product.stockQuantity)) : MAX_LINE_QUANTITY;
}

/**
 * The variant picker (decision 0038): a radio group of links to `?variant=<id>`, so it works
 * without JavaScript; with it, the page changes in place (the URL replaced, the scroll kept) and
 * the arrow keys move the choice. A sold-out variant is struck through and can be chosen to see
 * it, but not added.
 */
export function VariantPicker({ product }: { product: ProductDetail }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const links = useRef(new Map<number, HTMLAnchorElement>());
  const labelId = useId();
  const { variants } = product;
  if (variants.length === 0) return null;
  const current = variants.find((v) => v.id === product.selectedVariantId) ?? variants[0]!;
  const colours = variants.every((v) => v.colorHex);
  const to = (id: number) => ({ search: `?variant=${id}` });

  const move = (event: KeyboardEvent<HTMLAnchorElement>, index: number) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = variants[(index + step + variants.length) % variants.length]!;
    links.current.get(next.id)?.focus();
    void navigate(to(next.id), { replace: true, preventScrollReset: true });
  };

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm" id={labelId}>
        <span className="font-bold">{t(colours ? "catalog.product.colour" : "catalog.product.option")}</span>{" "}
        <span data-testid="variant-label">{current.label}</span>
      </p>
      <div role="radiogroup" aria-labelledby={labelId} className="flex flex-wrap gap-3">
        {variants.map((variant, index) => {
          const selected = variant.id === current.id;
          const name = variant.inStock ? variant.label : t("catalog.product.colourSoldOut", { colour: variant.label });
          return (
            <Link
              key={variant.id}
              ref={(element) => {
                if (element) links.current.set(variant.id, element);
                else links.current.delete(variant.id);
              }}
              to={to(variant.id)}
              replace
              preventScrollReset
              role="radio"
              aria-checked={selected}
              tabIndex={selected ? 0 : -1}
              aria-label={name}
              title={name}
              onKeyDown={(event) => move(event, index)}
              className={cn(
                "relative flex min-h-11 min-w-11 items-center justify-center rounded-full border-2 transition outline-none focus-visible:ring-3 focus-visible:ring-brand-teal-strong focus-visible:ring-offset-2",
                selected ? "border-brand-charcoal" : "border-transparent hover:border-brand-charcoal/40",
                !colours && "border-brand-charcoal/20 px-4 text-sm font-medium",
                !colours && selected && "border-brand-charcoal bg-brand-charcoal text-white",
                !colours && !variant.inStock && "text-brand-cool-gray line-through",
              )}
            >
              {colours ? (
                <>
                  <span
                    aria-hidden="true"
                    className="block size-8 rounded-full border border-brand-charcoal/20"
                    style={{ backgroundColor: variant.colorHex ?? undefined }}
                  />
                  {!variant.inStock && (
                    <span aria-hidden="true" className="absolute h-0.5 w-9 rotate-45 bg-brand-charcoal/70" />
                  )}
                </>
              ) : (
                <span aria-hidden="true">{variant.label}</span>
              )}
            </Link>
          );
        })}
      </div>
      <p className="text-xs text-brand-cool-gray" data-testid="variant-sku">
        {t("catalog.product.sku", { sku: product.sku })}
      </p>
    </div>
  );
}

export function PurchasePanel({ product }: { product: ProductDetail }) {
  const id = useId();
  const max = maxQuantity(product);
  const [quantity, setQuantity] = useState(1);
  const { t } = useI18n();
  // Minus and plus need JavaScript; before it (or without it) the number field takes the quantity.
  const hydrated = useHydrated();
  const soldOut = !product.inStock || max < 1;
  // The row that is sold: the chosen variant, or the product itself when it has none (decision 0038).
  const variant = product.variants.find((v) => v.id === product.selectedVariantId);
  const sold = variant ? { id: variant.id, name: variant.name } : product;
  const clamp = (value: number) => Math.max(1, Math.min(max || 1, Math.floor(value) || 1));

  return (
    <div className="flex flex-col gap-4">
      {product.lowStock && !soldOut && (
        <p className="flex items-center gap-2 text-sm font-bold text-[#9a3412]" role="status">
          <Zap className="size-4" aria-hidden="true" />
          {t("catalog.product.itemsLeft", { count: product.stockQuantity })}
        </p>
      )}
      {soldOut ? (
        <div className="flex flex-col gap-3">
          <p className="font-bold" role="status">
            {t("catalog.product.soldOut")}
          </p>
          <Button size="lg" disabled className="w-full">
            {t("catalog.card.outOfStock")}
          </Button>
        </div>
      ) : (
        <AddToCartForm product={sold} className="flex flex-col gap-3 sm:flex-row">
          <div className="flex items-center gap-1 self-start rounded-full border border-brand-charcoal/20 p-1">
            <button
              type="button"
              onClick={() => setQuantity((q) => clamp(q - 1))}
              disabled={!hydrated || quantity <= 1}
              aria-label={t("catalog.product.decrease")}
              className="inline-flex size-11 items-center justify-center rounded-full hover:bg-brand-charcoal/5 disabled:opacity-40"
            >
              <Minus className="size-4" aria-hidden="true" />
            </button>
            <label htmlFor={`${id}-qty`} className="sr-only">
              {t("catalog.product.quantity")}
            </label>
            <input
              id={`${id}-qty`}
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              max={max}
              value={quantity}
              onChange={(e) => setQuantity(clamp(Number(e.target.value)))}
              className="h-11 w-12 bg-transparent text-center font-bold tabular-nums [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
            />
            <button
              type="button"
              onClick={() => setQuantity((q) => clamp(q + 1))}
              disabled={!hydrated || quantity >= max}
              aria-label={t("catalog.product.increase")}
              className="inline-flex size-11 items-center justify-center rounded-full hover:bg-brand-charcoal/5 disabled:opacity-40"
            >
              <Plus className="size-4" aria-hidden="true" />
            </button>
          </div>
          <Button type="submit" size="lg" className="w-full sm:w-auto sm:flex-1">
            <ShoppingBag className="size-5" aria-hidden="true" />
            {t("catalog.product.addToCart")} ·{" "}
            <span className="tabular-nums">{formatVnd(product.price * quantity)}</span>
          </Button>
        </AddToCartForm>
      )}
    </div>
  );
}
