import { and, asc, count, desc, eq, exists, ilike, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
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
import { inAuditedTransaction } from "~/server/audited-transaction.server";
import type { Db, Tx } from "~/server/db.server";
import { uniqueViolation } from "~/server/db-errors.server";
import { AppError } from "~/server/errors.server";
import type { Storage } from "~/server/storage.server";
import type { z } from "zod";
import { PRODUCT_NOT_FOUND, recordInitialStock, type StockActor } from "~/features/inventory/inventory.server";
import { expectUpdatedRow, nextRowVersion, readRowVersion, staleRowError } from "~/server/row-version.server";
import {
  newProductInputSchema,
  PRODUCT_PAGE_SIZE,
  productInputSchema,
  type ProductInput,
  type ProductListQuery,
} from "./admin-products.schema";
import { announceStorefrontChange } from "~/server/storefront-events.server";
import { deleteStoredFiles } from "~/server/image-upload.server";
import { productPath } from "~/features/catalog/product-path";
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
  /** Its variants (decision 0038): 0 for a product sold as itself. With variants, the stock is theirs summed. */
  variantCount: number;
  /** The lowest and highest price of its variants (its own price when it has none). */
  minPrice: number;
  maxPrice: number;
  /** Some tracked variant (or the product itself) is at or below its low-stock threshold. */
  lowStock: boolean;
  /** Sent back by the list's delete (decision 0014). */
  version: number;
}

export interface ProductPage {
  rows: AdminProductRow[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}

/** A product's variants, in the product list's subqueries. */
const variant = alias(products, "variant");

/** The product, or one of its variants, tracks its stock and is at or below its threshold. */
const lowStockSql = sql`(
  (${products.trackStock} and ${products.stockQuantity} <= ${products.lowStockThreshold})
  or exists (select 1 from ${products} as "variant" where ${variant.parentId} = ${products.id} and ${variant.trackStock}
    and ${variant.stockQuantity} <= ${variant.lowStockThreshold})
)`;

/** `%text%` for LIKE, with the pattern characters escaped. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of products (variants are not listed: they show in their product's row), newest
 * first. `q` matches accent-insensitively in the search text (name, description, colour,
 * category) or in the SKU, of the product or one of its variants; `category` filters by
 * category id; `stock=low` keeps products with a low variant or themselves low.
 */
export async function listProductsForConsole(
  db: Db,
  query: ProductListQuery,
  pageSize = PRODUCT_PAGE_SIZE,
): Promise<ProductPage> {
  const filters: SQL[] = [isNull(products.parentId)];
  const q = normalizeSearch(query.q);
  if (q) {
    const pattern = containsPattern(q);
    const skuPattern = containsPattern(query.q.trim());
    const variantMatches = db
      .select({ id: variant.id })
      .from(variant)
      .where(
        and(
          eq(variant.parentId, products.id),
          or(sql`${variant.searchText} like ${pattern}`, ilike(variant.sku, skuPattern)),
        ),
      );
    filters.push(
      or(sql`${products.searchText} like ${pattern}`, ilike(products.sku, skuPattern), exists(variantMatches))!,
    );
  }
  if (query.category) filters.push(eq(products.categoryId, query.category));
  if (query.stock === "low") filters.push(lowStockSql);
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
      variantCount: sql<number>`(select count(*)::int from ${products} as "variant" where ${variant.parentId} = ${products.id})`,
      variantStock: sql<
        number | null
      >`(select sum(${variant.stockQuantity})::int from ${products} as "variant" where ${variant.parentId} = ${products.id} and ${variant.trackStock})`,
      minPrice:
        sql<number>`coalesce((select min(${variant.price}) from ${products} as "variant" where ${variant.parentId} = ${products.id}), ${products.price})::bigint`.mapWith(
          Number,
        ),
      maxPrice:
        sql<number>`coalesce((select max(${variant.price}) from ${products} as "variant" where ${variant.parentId} = ${products.id}), ${products.price})::bigint`.mapWith(
          Number,
        ),
      lowStock: sql<boolean>`${lowStockSql}`,
      version: products.version,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    rows: rows.map(({ variantStock, ...row }) =>
      row.variantCount > 0 ? { ...row, stockQuantity: variantStock ?? 0, trackStock: variantStock !== null } : row,
    ),
    total,
    page,
    pageCount,
    pageSize,
  };
}

/** One row of the product page's "Biến thể" card. */
export interface VariantRow {
  id: number;
  sku: string;
  variantLabel: string;
  price: number;
  compareAtPrice: number | null;
  stockQuantity: number;
  lowStockThreshold: number;
  isActive: boolean;
  color: Product["color"];
  colorHex: string | null;
  coverUrl: string | null;
  /** Sent back by the variant's delete (decision 0014). */
  version: number;
}

/** A variant's name: its product's name and its label (the seed's "Máy tiệt trùng bàn chải UVC – Trắng"). */
export function variantName(productName: string, label: string): string {
  return `${productName} – ${label}`;
}

/** A product's variants in their order (decision 0038). */
export async function listVariants(db: Db | Tx, productId: number): Promise<VariantRow[]> {
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
      variantLabel: products.variantLabel,
      price: products.price,
      compareAtPrice: products.compareAtPrice,
      stockQuantity: products.stockQuantity,
      lowStockThreshold: products.lowStockThreshold,
      isActive: products.isActive,
      color: products.color,
      colorHex: products.colorHex,
      coverUrl: sql<string | null>`(${cover})`,
      version: products.version,
    })
    .from(products)
    .where(eq(products.parentId, productId))
    .orderBy(asc(products.position), asc(products.id));
  return rows.map((row) => ({ ...row, variantLabel: row.variantLabel ?? "" }));
}

/** A product's name, price and address, for a variant's page and the new-variant page. */
export async function productSummary(db: Db | Tx, id: number) {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      price: products.price,
      slug: products.slug,
      parentId: products.parentId,
      categorySlug: categories.slug,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id))
    .limit(1);
  if (!row) throw new AppError("not_found", PRODUCT_NOT_FOUND);
  return row;
}

/**
 * One product with its images, for the edit form; with its variants (a product), or with the
 * product it is a variant of (a variant: the page shows its own fields only).
 */
export async function getProductForEdit(
  db: Db,
  id: number,
): Promise<{
  product: Product;
  images: ProductImage[];
  storefrontPath: string;
  variants: VariantRow[];
  parent: { id: number; name: string; price: number } | null;
}> {
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
  if (product.parentId !== null) {
    const parent = await productSummary(db, product.parentId);
    return {
      product,
      images,
      // A variant's page on the shop is its product's, with the variant chosen.
      storefrontPath: `${productPath({ categorySlug, slug: parent.slug })}?variant=${product.id}`,
      variants: [],
      parent: { id: parent.id, name: parent.name, price: parent.price },
    };
  }
  const variants = await listVariants(db, id);
  return { product, images, storefrontPath: productPath({ categorySlug, slug: product.slug }), variants, parent: null };
}

/** A form parsed with a shared schema, or AppError invalid with the field messages. */
export function parseForm<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(formValues(input as Record<string, unknown>));
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    throw new AppError("invalid", Object.values(fieldErrors)[0] ?? "Dữ liệu không hợp lệ", fieldErrors);
  }
  return parsed.data;
}

/** Refuses a SKU (case-insensitively) or slug another product or variant has (AppError conflict). */
export async function checkUnique(tx: Tx, values: Pick<ProductInput, "sku" | "slug">, exceptId?: number) {
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
export async function categoryOf(tx: Tx, categoryId: number, currentCategoryId?: number) {
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

/** A unique violation raised by a concurrent save, as the form's SKU or slug message. */
export function uniqueConflict(error: unknown): never {
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
  const row = await inAuditedTransaction(db, actor.userId, async (tx) => {
    await checkUnique(tx, values);
    const category = await categoryOf(tx, values.categoryId);
    const [created] = await tx
      .insert(products)
      .values({ ...values, isActive: true, searchText: productSearchText(values, category) })
      .returning();
    await recordInitialStock(tx, created.id, stockQuantity, actor);
    return { ...created, stockQuantity };
  }).catch(uniqueConflict);
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
        .select({ categoryId: products.categoryId, parentId: products.parentId })
        .from(products)
        .where(eq(products.id, id))
        .limit(1);
      // A variant is saved with its own form (updateVariant), never as a whole product.
      if (!before || before.parentId !== null) throw new AppError("not_found", PRODUCT_NOT_FOUND);
      await checkUnique(tx, values, id);
      const category = await categoryOf(tx, values.categoryId, before.categoryId);
      const searchText = productSearchText(values, category);
      const variants = await listVariants(tx, id);
      const updated = await tx
        .update(products)
        .set({
          ...values,
          // Its variants hold the stock (decision 0038).
          trackStock: variants.length > 0 ? false : values.trackStock,
          isActive: true,
          searchText,
          version: nextRowVersion(products.version),
        })
        .where(and(eq(products.id, id), eq(products.version, version)))
        .returning();
      const row = await expectUpdatedRow(updated, async () => true, { what: "Sản phẩm", notFound: PRODUCT_NOT_FOUND });
      // The variants share its category and texts, and their names start with its name.
      for (const variant of variants) {
        await tx
          .update(products)
          .set({
            name: variantName(row.name, variant.variantLabel),
            categoryId: row.categoryId,
            description: row.description,
            searchText: productSearchText(
              { name: variantName(row.name, variant.variantLabel), description: row.description, color: variant.color },
              category,
            ),
          })
          .where(eq(products.id, variant.id));
      }
      return row;
    })
    .catch(uniqueConflict);
  await announceStorefrontChange(db, "catalog");
  return row;
}

/**
 * Deletes a product (with its variants) or a variant, and their images; or, when an order has it
 * (or one of its variants), archives it instead: hidden from the shop (is_active false, its
 * variants too) and kept with its images, so its orders keep their lines linked to it (decision
 * 0045). A save of its form shows it again, as for any hidden product. The delete names the
 * version the page was opened with (decision 0014): without it, or over a newer one, nothing
 * changes.
 */
export async function deleteProduct(
  db: Db,
  storage: Storage,
  id: number,
  input: unknown,
  actor: StockActor,
): Promise<{ parentId: number | null; archived: boolean }> {
  const version = readRowVersion(input);
  // The stored files are deleted after the commit (a storage call holds no transaction).
  const outcome = await inAuditedTransaction(db, actor.userId, async (tx) => {
    const [row] = await tx
      .select({ parentId: products.parentId, version: products.version })
      .from(products)
      .where(eq(products.id, id))
      .limit(1)
      .for("update");
    if (!row) throw new AppError("not_found", PRODUCT_NOT_FOUND);
    if (row.version !== version) throw staleRowError(row.parentId === null ? "Sản phẩm" : "Biến thể");
    const family = or(eq(products.id, id), eq(products.parentId, id));
    const [ordered] = await tx
      .select({ id: orderItems.id })
      .from(orderItems)
      .innerJoin(products, eq(products.id, orderItems.productId))
      .where(family)
      .limit(1);
    if (ordered) {
      await tx.update(products).set({ isActive: false, version: nextRowVersion(products.version) }).where(family);
      return { urls: [], parentId: row.parentId, archived: true };
    }
    // Its variants go with it (parent_id ON DELETE CASCADE), and their images.
    const images = await tx
      .select({ url: productImages.url })
      .from(productImages)
      .innerJoin(products, eq(products.id, productImages.productId))
      .where(or(eq(products.id, id), eq(products.parentId, id)));
    const [deleted] = await tx
      .delete(products)
      .where(eq(products.id, id))
      .returning({ id: products.id, parentId: products.parentId });
    if (!deleted) throw new AppError("not_found", PRODUCT_NOT_FOUND);
    // An order line may show one of these images: keep the files it refers to.
    const urls = images.map((image) => image.url);
    if (urls.length === 0) return { urls: [], parentId: deleted.parentId, archived: false };
    const kept = await tx
      .selectDistinct({ url: orderItems.productImage })
      .from(orderItems)
      .where(inArray(orderItems.productImage, urls));
    const keep = new Set(kept.map((row) => row.url));
    return { urls: urls.filter((url) => !keep.has(url)), parentId: deleted.parentId, archived: false };
  });
  await deleteStoredFiles(storage, outcome.urls);
  await announceStorefrontChange(db, "catalog");
  return { parentId: outcome.parentId, archived: outcome.archived };
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

/**
 * Makes existing products variants of a product, in the given order: the demo seed inserts the
 * colours before their product (so they keep ids 1-4) and attaches them here, as their owner.
 */
export async function attachVariants(tx: Tx, productId: number, variantIds: number[]): Promise<void> {
  for (const [position, id] of variantIds.entries()) {
    await tx.update(products).set({ parentId: productId, position }).where(eq(products.id, id));
  }
}
