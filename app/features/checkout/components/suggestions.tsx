import { Plus } from "~/components/ui/icons";
import { Link } from "react-router";
import { AddToCartForm } from "~/features/cart/components/add-to-cart-form";
import { useI18n } from "~/lib/i18n/i18n-context";
import { formatVnd } from "~/lib/money";
import type { QuotedSuggestion } from "../cart-quote.schema";

/** "You May Also Like": two products from the catalogue with an Add button each. */
export function CartSuggestions({
  suggestions,
  onNavigate,
  onAdded,
}: {
  suggestions: QuotedSuggestion[];
  onNavigate?: () => void;
  /** After a suggestion is in the cart: the cart shows itself again. */
  onAdded: () => void;
}) {
  const { t } = useI18n();
  if (suggestions.length === 0) return null;
  return (
    <section aria-labelledby="cart-suggestions-title" className="flex flex-col gap-3">
      <h3 id="cart-suggestions-title" className="text-sm font-bold tracking-[0.14em] uppercase">
        {t("cart.suggestions.title")}
      </h3>
      <ul className="grid grid-cols-2 gap-3">
        {suggestions.map((product) => (
          <li
            key={product.productId}
            className="flex flex-col gap-2 rounded-xl border border-brand-charcoal/10 p-2"
            data-testid="suggestion"
          >
            <Link to={product.href} onClick={onNavigate} className="flex flex-col gap-2 rounded-lg">
              <div className="aspect-square overflow-hidden rounded-lg bg-brand-white">
                {product.image && (
                  <img
                    src={product.image}
                    alt={product.imageAlt}
                    width={160}
                    height={160}
                    loading="lazy"
                    className="size-full object-cover"
                  />
                )}
              </div>
              <span className="line-clamp-2 text-xs font-medium text-brand-charcoal">{product.name}</span>
            </Link>
            {/* Price above a full-width button: side by side, the button left a phone drawer's card. */}
            <div className="mt-auto flex flex-col gap-2">
              <span className="text-xs font-semibold tabular-nums">{formatVnd(product.unitPrice)}</span>
              <AddToCartForm product={{ id: product.productId, name: product.name }} onAdded={onAdded}>
                <button
                  type="submit"
                  aria-label={t("cart.suggestions.addLabel", { name: product.name })}
                  className="inline-flex h-9 w-full items-center justify-center gap-1 rounded-full bg-brand-charcoal px-3 text-xs font-semibold text-white hover:bg-brand-charcoal/90"
                >
                  <Plus className="size-3.5" aria-hidden="true" />
                  {t("cart.suggestions.add")}
                </button>
              </AddToCartForm>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
