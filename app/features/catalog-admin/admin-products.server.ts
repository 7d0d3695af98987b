import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import {
  categories,
  orderItems,
  productImages,
  products,
  type CategoryTexts,
  type Product,
  type ProductImage,
  type ProductTexts,
  type Translations,
} from "~/db/schema";
import { fieldErrorsOf, formValues } from "~/lib/form-fields";
import { normalizeSearch } from "~/lib/text";
import type { Db, Tx } from "~/server/db.server";
import { uniqueViolation } from "~/server/db-errors.server";
import { AppError } from "~/server/errors.server";
import type { Storage } from "~/server/storage.server";
import type { z } from "zod";
import { PRODUCT_NOT_FOUND, recordInitialStock, type StockActor } from "~/features/inventory/inventory.server";
import { expectUpdatedRow, nextRowVersion } from "~/server/row-version.server";
import {
  newProductInputSchema,
  PRODUCT_PAGE_SIZE,
  productInputSchema,
  type ProductInput,
  type ProductListQuery,
} from "./admin-products.schema";
import { announceStorefrontChange } from "~/server/storefront-events.server";
import { deleteStoredFiles } from "~/server/image-upload.server";
import { productPath } from "~/features/catalog/catalog.schema";
import { productSearchText } from "~/features/catalog/search-text";

export const SKU_TAKEN_MESSAGE = "SKU này đã được dùng cho một sản phẩm khác";
export const PRODUCT_SLUG_TAKEN_MESSAGE = "Slug này đã được dùng cho một sản phẩm khác";

export interface AdminProductRow {
  id: number;
  sku: string;
  name: string;
  slug: string;
  price: number;
  stockQuantity: number;
  lowStockThreshold: number;
  trackStock: boolean;
  isActive: boolean;
  isFeatured: boolean;
  isBestSeller: boolean;
  categoryName: string | null;
  coverUrl: string | null;
  createdAt: Date;
}

export interface ProductPage {
  rows: AdminProductRow[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}

/** `%text%` for LIKE, with the pattern characters escaped. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of products, newest first. `q` matches accent-insensitively in the search text
 * (name, description, colour, category) or in the SKU; `category` filters by category id.
 */
export async function listProductsForConsole(
  db: Db,
  query: ProductListQuery,
  pageSize = PRODUCT_PAGE_SIZE,
): Promise<ProductPage> {
  const filters: SQL[] = [];
  const q = normalizeSearch(query.q);
  if (q) {
    const pattern = containsPattern(q);
    filters.push(
      or(sql`${products.searchText} like ${pattern}`, ilike(products.sku, containsPattern(query.q.trim())))!,
    );
  }
  if (query.category) filters.push(eq(products.categoryId, query.category));
  const where = filters.length > 0 ? and(...filters) : undefined;

  const [{ n }] = await db.select({ n: count() }).from(products).where(where);
  const total = Number(n);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, query.page), pageCount);
  const cover = db
    .select({ url: productImages.url })
    .from(productImages)
    .where(eq(productImages.productId, products.id))
    .orderBy(desc(productImages.isCover), asc(productImages.position), asc(productImages.id))
    .limit(1);
  const rows = await db
    .select({
      id: products.id,
      sku: products.sku,
      name: products.name,
      slug: products.slug,
      price: products.price,
      stockQuantity: products.stockQuantity,
      lowStockThreshold: products.lowStockThreshold,
      trackStock: products.trackStock,
      isActive: products.isActive,
      isFeatured: products.isFeatured,
      isBestSeller: products.isBestSeller,
      categoryName: categories.name,
      coverUrl: sql<string | null>`(${cover})`,
      createdAt: products.createdAt,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total, page, pageCount, pageSize };
}

/** One product with its images, for the edit form. */
export async function getProductForEdit(
  db: Db,
  id: number,
): Promise<{ product: Product; images: ProductImage[]; storefrontPath: string }> {
  const [row] = await db
    .select({ product: products, categorySlug: categories.slug })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id))
    .limit(1);
  if (!row) throw new AppError("not_found", PRODUCT_NOT_FOUND);
  const { product, categorySlug } = row;
  const images = await db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, id))
    .orderBy(asc(productImages.position), asc(productImages.id));
  return { product, images, storefrontPath: productPath({ categorySlug, slug: product.slug }) };
}

function parseForm<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(formValues(input as Record<string, unknown>));
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    throw new AppError("invalid", Object.values(fieldErrors)[0] ?? "Dữ liệu không hợp lệ", fieldErrors);
  }
  return parsed.data;
}

async function checkUnique(tx: Tx, values: Pick<ProductInput, "sku" | "slug">, exceptId?: number) {
  const others = (column: typeof products.sku | typeof products.slug, value: string) =>
    tx
      .select({ id: products.id })
      .from(products)
      .where(exceptId === undefined ? eq(column, value) : and(eq(column, value), ne(products.id, exceptId)))
      .limit(1);
  const fieldErrors: Record<string, string> = {};
  // SKUs are compared case-insensitively (ABC-1 and abc-1 are the same article).
  const [sku] = await tx
    .select({ id: products.id })
    .from(products)
    .where(
      exceptId === undefined
        ? sql`upper(${products.sku}) = upper(${values.sku})`
        : and(sql`upper(${products.sku}) = upper(${values.sku})`, ne(products.id, exceptId)),
    )
    .limit(1);
  if (sku) fieldErrors.sku = SKU_TAKEN_MESSAGE;
  const [slug] = await others(products.slug, values.slug);
  if (slug) fieldErrors.slug = PRODUCT_SLUG_TAKEN_MESSAGE;
  if (Object.keys(fieldErrors).length > 0) throw new AppError("conflict", Object.values(fieldErrors)[0], fieldErrors);
}

/** The product's category (its names are part of the product's search text). */
async function categoryOf(tx: Tx, categoryId: number, currentCategoryId?: number) {
  const [category] = await tx
    .select({ name: categories.name, translations: categories.translations, isActive: categories.isActive })
    .from(categories)
    .where(eq(categories.id, categoryId))
    .limit(1);
  // The form offers active categories; a product may keep an inactive one it already has.
  if (!category || (!category.isActive && categoryId !== currentCategoryId)) {
    throw new AppError("invalid", "Danh mục không tồn tại hoặc đã ẩn", { categoryId: "Vui lòng chọn danh mục" });
  }
  return category;
}

function uniqueConflict(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint === null) throw error;
  const field = constraint.includes("slug") ? "slug" : "sku";
  const message = field === "slug" ? PRODUCT_SLUG_TAKEN_MESSAGE : SKU_TAKEN_MESSAGE;
  throw new AppError("conflict", message, { [field]: message });
}

/** Checks a new product's fields without writing anything (AppError invalid with field messages). */
export function checkNewProductInput(input: unknown): void {
  parseForm(newProductInputSchema, input);
}

/**
 * Creates a product (active, SPEC: is_active true on save). The stock it starts with is an
 * "initial" movement of the inventory service, like every later change.
 */
export async function createProduct(db: Db, input: unknown, actor: StockActor): Promise<Product> {
  const { stockQuantity, ...values } = parseForm(newProductInputSchema, input);
  const row = await db
    .transaction(async (tx) => {
      await checkUnique(tx, values);
      const category = await categoryOf(tx, values.categoryId);
      const [created] = await tx
        .insert(products)
        .values({ ...values, isActive: true, searchText: productSearchText(values, category) })
        .returning();
      await recordInitialStock(tx, created.id, stockQuantity, actor);
      return { ...created, stockQuantity };
    })
    .catch(uniqueConflict);
  await announceStorefrontChange(db, "catalog");
  return row;
}

/**
 * Updates a product; it is active again after a save (SPEC §4). The save names the version the
 * page was opened with and is refused (nothing written) when someone saved the product since
 * (decision 0014). It never writes the stock: orders and adjustments move it meanwhile.
 */
export async function updateProduct(db: Db, id: number, input: unknown): Promise<Product> {
  const { version, ...values } = parseForm(productInputSchema, input);
  const row = await db
    .transaction(async (tx) => {
      const [before] = await tx
        .select({ categoryId: products.categoryId })
        .from(products)
        .where(eq(products.id, id))
        .limit(1);
      if (!before) throw new AppError("not_found", PRODUCT_NOT_FOUND);
      await checkUnique(tx, values, id);
      const category = await categoryOf(tx, values.categoryId, before.categoryId);
      const searchText = productSearchText(values, category);
      const updated = await tx
        .update(products)
        .set({ ...values, isActive: true, searchText, version: nextRowVersion(products.version) })
        .where(and(eq(products.id, id), eq(products.version, version)))
        .returning();
      return expectUpdatedRow(updated, async () => true, { what: "Sản phẩm", notFound: PRODUCT_NOT_FOUND });
    })
    .catch(uniqueConflict);
  await announceStorefrontChange(db, "catalog");
  return row;
}

/**
 * Deletes a product and its images. Orders that contain it keep their items: order_items has
 * product_id ON DELETE SET NULL and keeps the name, SKU and prices as snapshots.
 */
export async function deleteProduct(db: Db, storage: Storage, id: number): Promise<void> {
  const urls = await db.transaction(async (tx) => {
    const images = await tx
      .select({ url: productImages.url })
      .from(productImages)
      .where(eq(productImages.productId, id));
    const deleted = await tx.delete(products).where(eq(products.id, id)).returning({ id: products.id });
    if (deleted.length === 0) throw new AppError("not_found", "Không tìm thấy sản phẩm");
    // An order line may show one of these images: keep the files it refers to.
    const urls = images.map((image) => image.url);
    if (urls.length === 0) return [];
    const kept = await tx
      .selectDistinct({ url: orderItems.productImage })
      .from(orderItems)
      .where(inArray(orderItems.productImage, urls));
    const keep = new Set(kept.map((row) => row.url));
    return urls.filter((url) => !keep.has(url));
  });
  await deleteStoredFiles(storage, urls);
  await announceStorefrontChange(db, "catalog");
}

/**
 * English texts for categories (by slug), products (by SKU) and product images (by product SKU,
 * URL and Vietnamese alt) that have none yet — never over what staff wrote; a product's search
 * text then holds both languages. The seed uses it to give shops seeded before two languages the
 * demo catalogue's English (decision 0021).
 */
export async function addMissingEnglishTexts(
  tx: Tx,
  texts: {
    categories: Array<{ slug: string; translations: Translations<CategoryTexts> }>;
    products: Array<{ sku: string; translations: Translations<ProductTexts> }>;
    images?: Array<{ sku: string; url: string; alt: string; altEn: string }>;
  },
): Promise<void> {
  for (const { sku, url, alt, altEn } of texts.images ?? []) {
    // Only the image as seeded: one whose Vietnamese alt staff rewrote may no longer say this.
    await tx
      .update(productImages)
      .set({ altEn })
      .where(
        and(
          eq(productImages.url, url),
          eq(productImages.alt, alt),
          eq(productImages.altEn, ""),
          inArray(productImages.productId, tx.select({ id: products.id }).from(products).where(eq(products.sku, sku))),
        ),
      );
  }
  const untranslated = sql`'{}'::jsonb`;
  for (const { slug, translations } of texts.categories) {
    await tx
      .update(categories)
      .set({ translations })
      .where(and(eq(categories.slug, slug), eq(categories.translations, untranslated)));
  }
  for (const { sku, translations } of texts.products) {
    const [row] = await tx
      .select({
        id: products.id,
        name: products.name,
        description: products.description,
        color: products.color,
        category: { name: categories.name, translations: categories.translations },
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(eq(products.sku, sku), eq(products.translations, untranslated)));
    if (!row) continue;
    await tx
      .update(products)
      .set({ translations, searchText: productSearchText({ ...row, translations }, row.category) })
      .where(eq(products.id, row.id));
  }
}
