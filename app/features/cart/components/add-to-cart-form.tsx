import type { ReactNode } from "react";
import { toast } from "~/components/ui/toast";
import { useI18n } from "~/lib/i18n/i18n-context";
import { countAddInFlight, openCartDrawer, preloadCartDrawer, showAddedToCart } from "../cart-store";
import { CartForm } from "./cart-form";

interface AddToCartFormProps {
  product: { id: number; name: string };
  /** The submit button, and a `quantity` field when the shopper chooses one (else one unit). */
  children: ReactNode;
  className?: string;
  /**
   * After the server has the units, where the cart is already in view (its drawer, the /cart
   * page): it shows itself again, with the confirmation, and the drawer is not opened.
   */
  onAdded?: () => void;
}

/**
 * "Add to cart" as a form (issue 17): a tap before the page's JavaScript has loaded posts it
 * like any form and lands on the cart; afterwards the badge counts the units at once and, when the
 * server has them, the cart drawer opens with the line and says so at its top (SPEC §8: 'Added to
 * cart' / '{qty} {name} added to your cart'; issue 19: a toast there covered the cart button).
 */
export function AddToCartForm({ product, children, className, onAdded }: AddToCartFormProps) {
  const { text } = useI18n();
  return (
    <CartForm
      intent="add"
      productId={product.id}
      className={className}
      onPost={(fields, submitter) => {
        const quantity = quantityOf(fields);
        const settle = countAddInFlight(quantity);
        if (!onAdded) preloadCartDrawer();
        return (answer) => {
          settle();
          if (!answer.ok) {
            toast.error(text(answer.error));
            return;
          }
          const added = { quantity, name: product.name };
          if (onAdded) {
            showAddedToCart(added);
            onAdded();
          } else openCartDrawer({ opener: submitter, added });
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
