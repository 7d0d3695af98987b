import type { ReactNode } from "react";
import { toast } from "~/components/ui/toast";
import { useI18n } from "~/lib/i18n/i18n-context";
import { countAddInFlight } from "../cart-store";
import { CartForm } from "./cart-form";

interface AddToCartFormProps {
  product: { id: number; name: string };
  /** The submit button, and a `quantity` field when the shopper chooses one (else one unit). */
  children: ReactNode;
  className?: string;
  /** After the server has the units (e.g. the cart page shows itself again). */
  onAdded?: () => void;
}

/**
 * "Add to cart" as a form (issue 17): a tap before the page's JavaScript has loaded posts it
 * like any form and lands on the cart; afterwards the badge counts the units at once and a toast
 * says so (SPEC §8: 'Added to cart' / '{qty} {name} added to your cart') when the server has them.
 */
export function AddToCartForm({ product, children, className, onAdded }: AddToCartFormProps) {
  const { t, text } = useI18n();
  return (
    <CartForm
      intent="add"
      productId={product.id}
      className={className}
      onPost={(fields) => {
        const quantity = quantityOf(fields);
        const settle = countAddInFlight(quantity);
        return (answer) => {
          settle();
          if (answer.ok) {
            toast.success(t("catalog.toast.added"), {
              description: t("catalog.toast.addedText", { quantity, name: product.name }),
            });
            onAdded?.();
          } else toast.error(text(answer.error));
        };
      }}
    >
      {children}
    </CartForm>
  );
}

function quantityOf(fields: FormData): number {
  const quantity = Number(fields.get("quantity") ?? 1);
  return Number.isSafeInteger(quantity) && quantity > 0 ? quantity : 1;
}
