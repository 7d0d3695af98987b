import type { ProductColor } from "~/db/schema";
import { searchTextOf } from "~/lib/text";

/** Colour names as shown to shoppers. */
export const colorLabels: Record<ProductColor, string> = {
  white: "Trắng",
  black: "Đen",
  blue: "Xanh dương",
  pink: "Hồng",
};

/**
 * The search_text stored on a product: its name, description, colour (label and key) and
 * category name, normalized. Used by the seed and by the admin services, so both agree.
 */
export function productSearchText(
  product: { name: string; description?: string | null; color?: ProductColor | null },
  categoryName: string | null | undefined,
): string {
  return searchTextOf(
    product.name,
    product.description,
    product.color ? colorLabels[product.color] : null,
    product.color,
    categoryName,
  );
}
