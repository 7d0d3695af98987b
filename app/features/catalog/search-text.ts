import type { CategoryTexts, ProductColor, ProductTexts, Translations } from "~/db/schema";
import type { Locale } from "~/lib/i18n/locale";
import { normalizeSearch, searchTextOf } from "~/lib/text";

/** Colour names as shown to shoppers (Vietnamese). */
export const colorLabels: Record<ProductColor, string> = {
  white: "Trắng",
  black: "Đen",
  blue: "Xanh dương",
  pink: "Hồng",
};

const englishColorLabels: Record<ProductColor, string> = {
  white: "White",
  black: "Black",
  blue: "Blue",
  pink: "Pink",
};

/** Colour names in a language. */
export function colorLabelsIn(locale: Locale): Record<ProductColor, string> {
  return locale === "en" ? englishColorLabels : colorLabels;
}

/**
 * The colours a search names, in either language ("máy hồng", "pink case" → pink): the results'
 * cards then show that colour's variant, as under a colour filter (issue 31).
 */
export function coloursNamedIn(query: string): ProductColor[] {
  const words = ` ${normalizeSearch(query)} `;
  return (Object.keys(colorLabels) as ProductColor[]).filter((colour) =>
    [colorLabels[colour], englishColorLabels[colour]].some((label) => words.includes(` ${normalizeSearch(label)} `)),
  );
}

/**
 * The search_text stored on a product: its name, description, colour and
 * category name, in Vietnamese and in English, normalized — so "hộp đựng", "hop dung" and
 * "travel case" all find the travel case. Used by the seed and by the admin services, so both agree.
 */
export function productSearchText(
  product: {
    name: string;
    description?: string | null;
    color?: ProductColor | null;
    translations?: Translations<ProductTexts> | null;
  },
  category: { name: string; translations?: Translations<CategoryTexts> | null } | null | undefined,
): string {
  const english = product.translations?.en;
  return searchTextOf(
    product.name,
    product.description,
    product.color ? colorLabels[product.color] : null,
    // The English label is also the colour's key ("pink"), which the filter URLs use.
    product.color ? englishColorLabels[product.color] : null,
    category?.name,
    english?.name,
    english?.description,
    category?.translations?.en?.name,
  );
}
