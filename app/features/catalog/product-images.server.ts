import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import sharp, { type Metadata } from "sharp";
import { productImages, products, type ProductImage } from "~/db/schema";
import type { Db } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import type { Storage } from "~/server/storage.server";
import { UPLOADS_URL_PREFIX } from "~/server/storage.server";
import { imageAltSchema } from "./admin-products.schema";
import { announceStorefrontChange } from "./catalog-events.server";
import { IMAGE_VARIANT_WIDTHS } from "./image-variants";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGES_PER_UPLOAD = 10;
export const IMAGE_TYPE_MESSAGE = "Chỉ nhận ảnh JPEG, PNG, WebP hoặc AVIF";
export const IMAGE_SIZE_MESSAGE = "Ảnh quá lớn (tối đa 5 MB)";

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

/** Refuses what is not an accepted image (by content) or is too large. Writes nothing. */
export function assertAcceptedImage(bytes: Uint8Array): ImageKind {
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError("invalid", IMAGE_SIZE_MESSAGE, { images: IMAGE_SIZE_MESSAGE });
  const kind = detectImageType(bytes);
  if (!kind) throw new AppError("invalid", IMAGE_TYPE_MESSAGE, { images: IMAGE_TYPE_MESSAGE });
  return kind;
}

interface StoredImage {
  url: string;
  keys: string[];
  width: number;
  height: number;
}

/** Decodes, auto-rotates and stores the image as WebP at each variant width (never enlarged). */
async function storeVariants(storage: Storage, productId: number, bytes: Uint8Array): Promise<StoredImage> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: 50_000_000 }).metadata();
  } catch {
    throw new AppError("invalid", "Không đọc được ảnh (tệp hỏng?)", { images: "Không đọc được ảnh (tệp hỏng?)" });
  }
  const orientedWidth = (meta.autoOrient?.width ?? meta.width) || 0;
  if (!orientedWidth)
    throw new AppError("invalid", "Không đọc được ảnh (tệp hỏng?)", { images: "Không đọc được ảnh (tệp hỏng?)" });
  const widths = [...new Set(IMAGE_VARIANT_WIDTHS.map((w) => Math.min(w, orientedWidth)))];
  const base = `products/${productId}/${randomUUID()}`;
  const keys: string[] = [];
  let largest = { key: "", width: 0, height: 0 };
  try {
    for (const width of widths) {
      const { data, info } = await sharp(bytes, { limitInputPixels: 50_000_000 })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      const key = `${base}-${info.width}.webp`;
      await storage.put(key, data, "image/webp");
      keys.push(key);
      if (info.width >= largest.width) largest = { key, width: info.width, height: info.height };
    }
  } catch (error) {
    await Promise.all(keys.map((key) => storage.delete(key)));
    if (error instanceof AppError) throw error;
    throw new AppError("invalid", "Không đọc được ảnh (tệp hỏng?)", { images: "Không đọc được ảnh (tệp hỏng?)" });
  }
  return { url: `${UPLOADS_URL_PREFIX}${largest.key}`, keys, width: largest.width, height: largest.height };
}

/** The product's images in display order. */
export async function listProductImages(db: Db, productId: number): Promise<ProductImage[]> {
  return db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id));
}

async function requireProduct(db: Db, productId: number) {
  const [row] = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  if (!row) throw new AppError("not_found", "Không tìm thấy sản phẩm");
  return row;
}

/**
 * Adds uploaded images to a product: every file is checked first (type by content, size), so a
 * bad file in the batch means nothing is stored. The first image of a product becomes its cover.
 */
export async function addProductImages(
  db: Db,
  storage: Storage,
  productId: number,
  files: Array<{ bytes: Uint8Array; alt?: string }>,
): Promise<ProductImage[]> {
  const product = await requireProduct(db, productId);
  if (files.length === 0)
    throw new AppError("invalid", "Vui lòng chọn ít nhất một ảnh", { images: "Vui lòng chọn ít nhất một ảnh" });
  if (files.length > MAX_IMAGES_PER_UPLOAD) {
    const message = `Tối đa ${MAX_IMAGES_PER_UPLOAD} ảnh mỗi lần tải lên`;
    throw new AppError("invalid", message, { images: message });
  }
  for (const file of files) assertAcceptedImage(file.bytes);

  const stored: StoredImage[] = [];
  try {
    for (const file of files) stored.push(await storeVariants(storage, productId, file.bytes));
    const inserted = await db.transaction(async (tx) => {
      const existing = await tx.select().from(productImages).where(eq(productImages.productId, productId));
      const hasCover = existing.some((image) => image.isCover);
      let position = existing.reduce((max, image) => Math.max(max, image.position + 1), 0);
      const rows = await tx
        .insert(productImages)
        .values(
          stored.map((image, index) => ({
            productId,
            url: image.url,
            alt: (files[index].alt ?? "").trim().slice(0, 300) || product.name,
            width: image.width,
            height: image.height,
            position: position++,
            isCover: !hasCover && index === 0,
          })),
        )
        .returning();
      // Inside the transaction: a failed announcement rolls the rows back with the files.
      await announceStorefrontChange(tx, "catalog");
      return rows;
    });
    return inserted;
  } catch (error) {
    await Promise.all(stored.flatMap((image) => image.keys.map((key) => storage.delete(key))));
    throw error;
  }
}

async function requireImage(db: Db, productId: number, imageId: number) {
  const [image] = await db
    .select()
    .from(productImages)
    .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
    .limit(1);
  if (!image) throw new AppError("not_found", "Không tìm thấy ảnh");
  return image;
}

/** Moves an image one place up or down; positions are rewritten as 0..n. */
export async function moveProductImage(
  db: Db,
  productId: number,
  imageId: number,
  direction: "up" | "down",
): Promise<void> {
  await requireImage(db, productId, imageId);
  await db.transaction(async (tx) => {
    const images = await tx
      .select({ id: productImages.id })
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.position), asc(productImages.id));
    const from = images.findIndex((image) => image.id === imageId);
    const to = direction === "up" ? from - 1 : from + 1;
    if (to >= 0 && to < images.length) [images[from], images[to]] = [images[to], images[from]];
    for (const [position, image] of images.entries()) {
      await tx.update(productImages).set({ position }).where(eq(productImages.id, image.id));
    }
  });
  await announceStorefrontChange(db, "catalog");
}

/** Makes one image the product's cover (exactly one cover). */
export async function setProductCover(db: Db, productId: number, imageId: number): Promise<void> {
  await requireImage(db, productId, imageId);
  await db.transaction(async (tx) => {
    await tx.update(productImages).set({ isCover: false }).where(eq(productImages.productId, productId));
    await tx.update(productImages).set({ isCover: true }).where(eq(productImages.id, imageId));
  });
  await announceStorefrontChange(db, "catalog");
}

/** Changes an image's alt text. */
export async function setProductImageAlt(db: Db, productId: number, imageId: number, input: unknown): Promise<void> {
  const parsed = imageAltSchema.safeParse(input);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Mô tả ảnh không hợp lệ";
    throw new AppError("invalid", message, { alt: message });
  }
  await requireImage(db, productId, imageId);
  await db.update(productImages).set({ alt: parsed.data.alt }).where(eq(productImages.id, imageId));
  await announceStorefrontChange(db, "catalog");
}

/** The storage keys of an uploaded image's variants (none for site images like seeded SVGs). */
export function uploadedKeysOf(url: string): string[] {
  const match = /^\/uploads\/(.+)-(\d+)\.webp$/.exec(url);
  if (!match) return [];
  const largest = Number(match[2]);
  const widths = new Set([...IMAGE_VARIANT_WIDTHS.filter((w) => w < largest), largest]);
  return [...widths].map((w) => `${match[1]}-${w}.webp`);
}

/** Deletes an image (and its stored files); the cover passes to the first remaining image. */
export async function deleteProductImage(db: Db, storage: Storage, productId: number, imageId: number): Promise<void> {
  const image = await requireImage(db, productId, imageId);
  await db.transaction(async (tx) => {
    await tx.delete(productImages).where(eq(productImages.id, imageId));
    const rest = await tx
      .select({ id: productImages.id, isCover: productImages.isCover })
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.position), asc(productImages.id));
    for (const [position, row] of rest.entries()) {
      await tx
        .update(productImages)
        .set({ position, ...(image.isCover && position === 0 ? { isCover: true } : {}) })
        .where(eq(productImages.id, row.id));
    }
  });
  await deleteStoredFiles(storage, [image.url]);
  await announceStorefrontChange(db, "catalog");
}

/** Removes the stored variants of uploaded images (site images are left alone). */
export async function deleteStoredFiles(storage: Storage, urls: string[]): Promise<void> {
  await Promise.all(urls.flatMap(uploadedKeysOf).map((key) => storage.delete(key)));
}
