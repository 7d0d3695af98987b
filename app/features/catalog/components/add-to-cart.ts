import { toast } from "sonner";
import { addToCart } from "~/features/cart/cart-store";

/** Adds to the stored cart and says so (SPEC §8: 'Added to cart' / '{qty} {name} added to your cart'). */
export function addToCartWithToast(product: { id: number; name: string }, quantity = 1): void {
  addToCart(product.id, quantity);
  toast.success("Added to cart", { description: `${quantity} ${product.name} added to your cart` });
}
