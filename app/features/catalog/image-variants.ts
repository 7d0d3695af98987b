/**
 * Uploaded product images are stored as WebP at several widths, named
 * `/uploads/products/<id>/<name>-<width>.webp`; product_images.url points at the largest.
 * Safe in the browser: builds srcset for any image URL (seeded SVGs have no variants).
 */
export const IMAGE_VARIANT_WIDTHS = [400, 800, 1200] as const;

const variantPattern = /^(\/uploads\/.+)-(\d+)\.webp$/;

/** The `srcSet` of an uploaded image (the widths that exist up to the stored one), or undefined. */
export function imageSrcSet(url: string): string | undefined {
  const match = variantPattern.exec(url);
  if (!match) return undefined;
  const largest = Number(match[2]);
  const widths = IMAGE_VARIANT_WIDTHS.filter((w) => w < largest);
  return [...widths.map((w) => `${match[1]}-${w}.webp ${w}w`), `${url} ${largest}w`].join(", ");
}

/** The URL of an image at (up to) a given width: a variant for uploads, the URL itself otherwise. */
export function imageAtWidth(url: string, width: (typeof IMAGE_VARIANT_WIDTHS)[number]): string {
  const match = variantPattern.exec(url);
  if (!match || Number(match[2]) <= width) return url;
  return `${match[1]}-${width}.webp`;
}

/** A neutral placeholder shown when an image cannot be loaded (SPEC §8). */
export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";
