/**
 * The path of a product page: /collections/{categorySlug}/{productSlug}. Its own module: the
 * product card (on the product page too) needs it without the listing's filter code.
 */
export function productPath(product: { categorySlug: string; slug: string }): string {
  return `/collections/${encodeURIComponent(product.categorySlug)}/${encodeURIComponent(product.slug)}`;
}
