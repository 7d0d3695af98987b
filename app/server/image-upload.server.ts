import { randomUUID } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import {
  AVIF_NAME_MARK,
  IMAGE_SIZE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  IMAGE_VARIANT_WIDTHS,
  MAX_IMAGE_BYTES,
  uploadedKeysOf,
} from "~/lib/image-variants";
import { AppError } from "./errors.server";
import { UPLOADS_URL_PREFIX, type Storage } from "./storage.server";

/**
 * The one image upload pipeline (product images, section images): type checked by content,
 * size limit, decoded and re-encoded with sharp, stored through the storage adapter.
 * See docs/decisions/0005-product-images.md and 0008-s3-storage-and-avif.md.
 */
const UNREADABLE_MESSAGE = "Không đọc được ảnh (tệp hỏng?)";

/** AVIF at effort 2 of 9: effort 4 saved 0-20% more bytes for 4-8× the encode time (bench/image-upload.ts, decision 0008). */
const AVIF_OPTIONS = { quality: 50, effort: 2 } as const;
const WEBP_OPTIONS = { quality: 80 } as const;
const MAX_INPUT_PIXELS = 50_000_000;

export type ImageKind = "jpeg" | "png" | "webp" | "avif";

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

/**
 * The image type from the file's first bytes (never its name or declared type), or null.
 * JPEG FF D8 FF; PNG 89 50 4E 47 0D 0A 1A 0A; WebP "RIFF"…"WEBP"; AVIF an ISO-BMFF "ftyp" box
 * whose major or compatible brands include avif/avis.
 */
export function detectImageType(bytes: Uint8Array): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return "png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === "ftyp") {
    const boxSize = Math.min(
      ((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0,
      bytes.length,
      256,
    );
    for (let offset = 8; offset + 4 <= boxSize; offset += 4) {
      if (offset === 12) continue; // minor version
      const brand = ascii(bytes, offset, offset + 4);
      if (brand === "avif" || brand === "avis") return "avif";
    }
  }
  return null;
}

/** Refuses what is not an accepted image (by content) or is too large; `field` names the form field. Writes nothing. */
export function assertAcceptedImage(bytes: Uint8Array, field: string): ImageKind {
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError("invalid", IMAGE_SIZE_MESSAGE, { [field]: IMAGE_SIZE_MESSAGE });
  const kind = detectImageType(bytes);
  if (!kind) throw new AppError("invalid", IMAGE_TYPE_MESSAGE, { [field]: IMAGE_TYPE_MESSAGE });
  return kind;
}

export interface StoredImage {
  /** `/uploads/<folder>/<uuid>-avif-<largest width>.webp`, the value kept in the database. */
  url: string;
  keys: string[];
  width: number;
  height: number;
}

/**
 * Checks, decodes and auto-rotates an image and stores it as WebP and AVIF at each variant width
 * (never enlarged) under `<folder>/`. On any failure nothing is left in storage.
 */
export async function storeImageVariants(
  storage: Storage,
  folder: string,
  bytes: Uint8Array,
  field: string,
): Promise<StoredImage> {
  assertAcceptedImage(bytes, field);
  const unreadable = () => new AppError("invalid", UNREADABLE_MESSAGE, { [field]: UNREADABLE_MESSAGE });
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw unreadable();
  }
  const orientedWidth = (meta.autoOrient?.width ?? meta.width) || 0;
  if (!orientedWidth) throw unreadable();
  const widths = [...new Set(IMAGE_VARIANT_WIDTHS.map((w) => Math.min(w, orientedWidth)))];
  const base = `${folder}/${randomUUID()}${AVIF_NAME_MARK}`;
  const keys: string[] = [];
  let largest = { width: 0, height: 0 };
  const encode = async (width: number) => {
    const resized = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width, withoutEnlargement: true });
    try {
      const [webp, avif] = await Promise.all([
        resized.clone().webp(WEBP_OPTIONS).toBuffer({ resolveWithObject: true }),
        resized.clone().avif(AVIF_OPTIONS).toBuffer(),
      ]);
      return { webp: webp.data, avif, width: webp.info.width, height: webp.info.height };
    } catch {
      throw unreadable();
    }
  };
  try {
    for (const width of widths) {
      const variant = await encode(width);
      const name = `${base}-${variant.width}`;
      keys.push(`${name}.webp`);
      await storage.put(`${name}.webp`, variant.webp, "image/webp");
      keys.push(`${name}.avif`);
      await storage.put(`${name}.avif`, variant.avif, "image/avif");
      if (variant.width >= largest.width) largest = { width: variant.width, height: variant.height };
    }
  } catch (error) {
    // Not one file of a failed image stays behind (a storage error is reported as it is).
    await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  }
  return { url: `${UPLOADS_URL_PREFIX}${base}-${largest.width}.webp`, keys, width: largest.width, height: largest.height };
}

/** Removes the stored files of uploaded images (site images such as seeded SVGs are left alone). */
export async function deleteStoredFiles(storage: Storage, urls: string[]): Promise<void> {
  await Promise.all(urls.flatMap(uploadedKeysOf).map((key) => storage.delete(key)));
}
