import { toast } from "sonner";
import { addToCart } from "~/features/cart/cart-store";
import type { I18n } from "~/lib/i18n/i18n-context";

/** Adds to the stored cart and says so in the page's language (SPEC §8: 'Added to cart' / '{qty} {name} added to your cart'). */
export function addToCartWithToast(t: I18n["t"], product: { id: number; name: string }, quantity = 1): void {
  addToCart(product.id, quantity);
  toast.success(t("catalog.toast.added"), {
    description: t("catalog.toast.addedText", { quantity, name: product.name }),
  });
}
