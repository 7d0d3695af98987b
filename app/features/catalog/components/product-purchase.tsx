import { Minus, Plus, ShoppingBag, Zap } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { useHydrated } from "~/components/ui/use-hydrated";
import { MAX_LINE_QUANTITY } from "~/features/cart/cart-store";
import { AddToCartForm } from "~/features/cart/components/add-to-cart-form";
import { useI18n } from "~/lib/i18n/i18n-context";
import { formatVnd } from "~/lib/money";
import type { ProductDetail } from "../catalog.server";
import { productPath } from "../catalog.schema";

/** The most a shopper can add at once: 99, or what is left of a tracked product. */
export function maxQuantity(product: Pick<ProductDetail, "trackStock" | "stockQuantity">): number {
  return product.trackStock ? Math.max(0, Math.min(MAX_LINE_QUANTITY, product.stockQuantity)) : MAX_LINE_QUANTITY;
}

export function ColorChoice({ product }: { product: ProductDetail }) {
  const { t, href } = useI18n();
  const variants = product.variants.filter((v) => v.color);
  if (variants.length < 2) return null;
  const current = variants.find((v) => v.id === product.id);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">
        <span className="font-bold">{t("catalog.product.colour")}</span> {current?.colorLabel}
      </p>
      <ul className="flex flex-wrap gap-3" aria-label={t("catalog.product.colours")}>
        {variants.map((variant) => {
          const selected = variant.id === product.id;
          return (
            <li key={variant.id}>
              <Link
                to={href(productPath(variant))}
                preventScrollReset
                aria-current={selected ? "page" : undefined}
                aria-label={
                  variant.inStock
                    ? (variant.colorLabel ?? undefined)
                    : t("catalog.product.colourSoldOut", { colour: variant.colorLabel ?? "" })
                }
                title={variant.colorLabel ?? undefined}
                className={cn(
                  "relative flex size-11 items-center justify-center rounded-full border-2 transition",
                  selected ? "border-brand-charcoal" : "border-transparent hover:border-brand-charcoal/40",
                )}
              >
                <span
                  aria-hidden="true"
                  className="block size-8 rounded-full border border-brand-charcoal/20"
                  style={{ backgroundColor: variant.colorHex ?? undefined }}
                />
                {!variant.inStock && (
                  <span aria-hidden="true" className="absolute h-0.5 w-9 rotate-45 bg-brand-charcoal/60" />
                )}
              </Link>
            </li>
          );
        })}
      </ul>
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
        <AddToCartForm product={product} className="flex flex-col gap-3 sm:flex-row">
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
