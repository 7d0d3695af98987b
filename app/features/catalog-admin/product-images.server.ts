import { and, asc, eq } from "drizzle-orm";
import { productImages, products, type Product, type ProductImage } from "~/db/schema";
import type { Db } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import {
  assertAcceptedImage,
  deleteStoredFiles,
  storeImageVariants,
  type StoredImage,
} from "~/server/image-upload.server";
import type { Storage } from "~/server/storage.server";
import { MAX_IMAGE_BYTES } from "~/lib/image-variants";
import { fieldErrorsOf } from "~/lib/form-fields";
import { imageAltSchema } from "./admin-products.schema";
import { inAuditedTransaction } from "~/server/audited-transaction.server";
import { announceStorefrontChange } from "~/server/storefront-events.server";
import type { StockActor } from "~/features/inventory/inventory.server";
import { checkNewProductInput, createProduct, deleteProduct } from "./admin-products.server";

export const MAX_IMAGES_PER_UPLOAD = 10;
/** The whole upload request: MAX_IMAGES_PER_UPLOAD images of 5 MB, plus the form fields. */
export const MAX_UPLOAD_REQUEST_BYTES = MAX_IMAGES_PER_UPLOAD * MAX_IMAGE_BYTES + 1024 * 1024;

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
/** The checks a batch gets before anything is stored: its size and each file's type (by content). */
function assertImageBatch(files: Array<{ bytes: Uint8Array }>) {
  if (files.length > MAX_IMAGES_PER_UPLOAD) {
    const message = `Tối đa ${MAX_IMAGES_PER_UPLOAD} ảnh mỗi lần tải lên`;
    throw new AppError("invalid", message, { images: message });
  }
  for (const file of files) assertAcceptedImage(file.bytes, "images");
}

/**
 * Creates a product with the images chosen in the create form (issue 18), in one request: the
 * product's fields and every file are checked first, then the product is created and its images
 * stored through the same pipeline as the edit page's uploads. When storing the images fails,
 * the new product is deleted again: a failed create leaves nothing behind.
 */
export async function createProductWithImages(
  db: Db,
  storage: Storage,
  input: unknown,
  files: Array<{ bytes: Uint8Array; alt?: string }>,
  actor: StockActor,
): Promise<Product> {
  if (files.length === 0) return createProduct(db, input, actor);
  checkNewProductInput(input);
  assertImageBatch(files);
  const product = await createProduct(db, input, actor);
  try {
    await addProductImages(db, storage, product.id, files, actor);
  } catch (error) {
    await deleteProduct(db, storage, product.id, { version: product.version }, actor);
    throw error;
  }
  return product;
}

export async function addProductImages(
  db: Db,
  storage: Storage,
  productId: number,
  files: Array<{ bytes: Uint8Array; alt?: string }>,
  actor: StockActor,
): Promise<ProductImage[]> {
  const product = await requireProduct(db, productId);
  if (files.length === 0)
    throw new AppError("invalid", "Vui lòng chọn ít nhất một ảnh", { images: "Vui lòng chọn ít nhất một ảnh" });
  // Every file is checked before any is stored: one bad file means none of the batch is kept.
  assertImageBatch(files);

  const stored: StoredImage[] = [];
  try {
    // Decoded, encoded and stored before the transaction opens: it lasts only the rows' insert.
    for (const file of files)
      stored.push(await storeImageVariants(storage, `products/${productId}`, file.bytes, "images"));
    const inserted = await inAuditedTransaction(db, actor.userId, async (tx) => {
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

/** Changes an image's alt texts, Vietnamese and English, together. */
export async function setProductImageAlt(db: Db, productId: number, imageId: number, input: unknown): Promise<void> {
  const parsed = imageAltSchema.safeParse(input);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Mô tả ảnh không hợp lệ";
    throw new AppError("invalid", message, fieldErrorsOf(parsed.error));
  }
  await requireImage(db, productId, imageId);
  await db
    .update(productImages)
    .set({ alt: parsed.data.alt, altEn: parsed.data.en_alt })
    .where(eq(productImages.id, imageId));
  await announceStorefrontChange(db, "catalog");
}

/** Deletes an image (and its stored files, after the commit); the cover passes to the first remaining image. */
export async function deleteProductImage(
  db: Db,
  storage: Storage,
  productId: number,
  imageId: number,
  actor: StockActor,
): Promise<void> {
  const image = await requireImage(db, productId, imageId);
  await inAuditedTransaction(db, actor.userId, async (tx) => {
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
