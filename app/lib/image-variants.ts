/**
 * Uploaded images are stored at several widths, named `/uploads/<folder>/<name>-<width>.webp`;
 * the URL kept in the database points at the largest WebP. Uploads made since AVIF output was
 * added have "-avif" at the end of the name (`<uuid>-avif-1200.webp`): an AVIF file sits beside
 * each WebP one. Older uploads have WebP only, and site images (seeded SVGs) have no variants, so
 * markup never points at a file that was not written. Safe in the browser.
 */
export const IMAGE_VARIANT_WIDTHS = [400, 800, 1200] as const;

/** Upload limits, the same in the browser (checked before sending) and on the server. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_UPLOAD_ACCEPT = "image/jpeg,image/png,image/webp,image/avif";
export const IMAGE_TYPE_MESSAGE = "Chỉ nhận ảnh JPEG, PNG, WebP hoặc AVIF";
export const IMAGE_SIZE_MESSAGE = "Ảnh quá lớn (tối đa 5 MB)";

/** Appended to the name of an upload that has AVIF renditions. */
export const AVIF_NAME_MARK = "-avif";

const variantPattern = /^(\/uploads\/.+)-(\d+)\.webp$/;

function variantWidths(largest: number): number[] {
  return [...IMAGE_VARIANT_WIDTHS.filter((w) => w < largest), largest];
}

/** The `srcSet` of an uploaded image in one format (the widths that exist up to the stored one), or undefined. */
export function imageSrcSet(url: string, format: "webp" | "avif" = "webp"): string | undefined {
  const match = variantPattern.exec(url);
  if (!match) return undefined;
  const [, base, largest] = match;
  if (format === "avif" && !base.endsWith(AVIF_NAME_MARK)) return undefined;
  return variantWidths(Number(largest))
    .map((w) => `${base}-${w}.${format} ${w}w`)
    .join(", ");
}

/** The URL of an image at (up to) a given width: a variant for uploads, the URL itself otherwise. */
export function imageAtWidth(url: string, width: (typeof IMAGE_VARIANT_WIDTHS)[number]): string {
  const match = variantPattern.exec(url);
  if (!match || Number(match[2]) <= width) return url;
  return `${match[1]}-${width}.webp`;
}

/** The storage keys of every file of an upload (WebP and, when marked, AVIF); none for site images. */
export function uploadedKeysOf(url: string): string[] {
  const match = variantPattern.exec(url);
  if (!match) return [];
  const key = match[1].slice("/uploads/".length);
  const formats = match[1].endsWith(AVIF_NAME_MARK) ? ["webp", "avif"] : ["webp"];
  return variantWidths(Number(match[2])).flatMap((w) => formats.map((format) => `${key}-${w}.${format}`));
}

/** A neutral placeholder shown when an image cannot be loaded (SPEC §8). */
export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";
