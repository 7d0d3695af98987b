import { and, asc, eq, max, ne, sql } from "drizzle-orm";
import { products, type Product } from "~/db/schema";
import {
  PRODUCT_NOT_FOUND,
  moveStockToVariant,
  recordInitialStock,
  type StockActor,
} from "~/features/inventory/inventory.server";
import { productSearchText } from "~/features/catalog/search-text";
import { slugify } from "~/lib/text";
import type { Db, Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { expectUpdatedRow, nextRowVersion } from "~/server/row-version.server";
import { announceStorefrontChange } from "~/server/storefront-events.server";
import { newVariantInputSchema, variantInputSchema, type NewVariantInput } from "./admin-products.schema";
import { categoryOf, checkUnique, parseForm, uniqueConflict, variantName } from "./admin-products.server";

/*
 * A product's variants (decision 0038): products rows with parent_id set, each sold on its own
 * (SKU, price, stock, images, availability). Their name is "<product name> – <label>" so every
 * stock list, export and order line reads as the variant it is.
 */

export const VARIANT_NOT_FOUND = "Không tìm thấy biến thể";
export const VARIANT_OF_VARIANT_MESSAGE = "Biến thể không thể có biến thể con: hãy thêm ở sản phẩm chính";

/** The product a variant is added to, locked; a variant cannot have variants. */
async function productForVariants(tx: Tx, productId: number) {
  const [product] = await tx
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      price: products.price,
      parentId: products.parentId,
      categoryId: products.categoryId,
      description: products.description,
      translations: products.translations,
    })
    .from(products)
    .where(eq(products.id, productId))
    .for("update");
  if (!product) throw new AppError("not_found", PRODUCT_NOT_FOUND);
  if (product.parentId !== null) throw new AppError("invalid", VARIANT_OF_VARIANT_MESSAGE);
  return product;
}

/** `<product slug>-<label>`, with -2, -3… when another row has it. */
async function freeVariantSlug(tx: Tx, productSlug: string, label: string): Promise<string> {
  const base = `${productSlug}-${slugify(label) || "bien-the"}`.slice(0, 190);
  const taken = await tx
    .select({ slug: products.slug })
    .from(products)
    .where(sql`${products.slug} = ${base} or ${products.slug} like ${`${base}-%`}`);
  const slugs = new Set(taken.map((row) => row.slug));
  let slug = base;
  for (let n = 2; slugs.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

/** The texts a variant's row stores for its label: its name and English name and label. */
function variantTexts(
  product: { name: string; description: string; translations: Product["translations"] },
  input: Pick<NewVariantInput, "variantLabel" | "en_variantLabel" | "color">,
  category: Awaited<ReturnType<typeof categoryOf>>,
) {
  const englishName = product.translations.en?.name;
  const englishLabel = input.en_variantLabel ?? undefined;
  const translations = {
    en: {
      ...(englishLabel ? { variantLabel: englishLabel } : {}),
      ...(englishName ? { name: variantName(englishName, englishLabel ?? input.variantLabel) } : {}),
    },
  };
  const name = variantName(product.name, input.variantLabel);
  return {
    name,
    translations,
    searchText: productSearchText(
      { name, description: product.description, color: input.color, translations },
      category,
    ),
  };
}

/**
 * Adds a variant to a product (decision 0038), last in order, its price the product's when left
 * empty. A product's first variant turns it into a product with variants: it stops tracking its
 * own stock and hands what it holds to this variant (two "other" movements), so no unit is lost.
 */
export async function createVariant(
  db: Db,
  productId: number,
  input: unknown,
  actor: StockActor,
): Promise<{ variant: Product; movedStock: number }> {
  const { stockQuantity, en_variantLabel, ...values } = parseForm(newVariantInputSchema, input);
  const result = await db
    .transaction(async (tx) => {
      const product = await productForVariants(tx, productId);
      const slug = await freeVariantSlug(tx, product.slug, values.variantLabel);
      await checkUnique(tx, { sku: values.sku, slug });
      const category = await categoryOf(tx, product.categoryId, product.categoryId);
      const [{ last }] = await tx
        .select({ last: max(products.position) })
        .from(products)
        .where(eq(products.parentId, productId));
      const [variant] = await tx
        .insert(products)
        .values({
          ...values,
          ...variantTexts(product, { ...values, en_variantLabel }, category),
          slug,
          price: values.price ?? product.price,
          parentId: productId,
          position: last === null ? 0 : last + 1,
          categoryId: product.categoryId,
          description: product.description,
          trackStock: true,
        })
        .returning();
      await recordInitialStock(tx, variant.id, stockQuantity, actor);
      let movedStock = 0;
      if (last === null) {
        movedStock = await moveStockToVariant(
          tx,
          { productId, variantId: variant.id, variantLabel: values.variantLabel },
          actor,
        );
        await tx.update(products).set({ trackStock: false }).where(eq(products.id, productId));
      }
      return { variant: { ...variant, stockQuantity: stockQuantity + movedStock }, movedStock };
    })
    .catch(uniqueConflict);
  await announceStorefrontChange(db, "catalog");
  return result;
}

/**
 * Saves a variant's own fields (not its stock: adjustments move it), guarded by the version its
 * page was opened with (decision 0014). Its slug stays: its address does not change with its label.
 */
export async function updateVariant(db: Db, variantId: number, input: unknown): Promise<Product> {
  const { version, en_variantLabel, ...values } = parseForm(variantInputSchema, input);
  const row = await db
    .transaction(async (tx) => {
      const [variant] = await tx
        .select({ parentId: products.parentId, slug: products.slug })
        .from(products)
        .where(eq(products.id, variantId))
        .limit(1);
      if (!variant || variant.parentId === null) throw new AppError("not_found", VARIANT_NOT_FOUND);
      const product = await productForVariants(tx, variant.parentId);
      await checkUnique(tx, { sku: values.sku, slug: variant.slug }, variantId);
      const category = await categoryOf(tx, product.categoryId, product.categoryId);
      const updated = await tx
        .update(products)
        .set({
          ...values,
          ...variantTexts(product, { ...values, en_variantLabel }, category),
          price: values.price ?? product.price,
          version: nextRowVersion(products.version),
        })
        .where(and(eq(products.id, variantId), eq(products.version, version)))
        .returning();
      return expectUpdatedRow(updated, async () => true, { what: "Biến thể", notFound: VARIANT_NOT_FOUND });
    })
    .catch(uniqueConflict);
  await announceStorefrontChange(db, "catalog");
  return row;
}

/** Moves a variant one place up or down among its product's variants (nothing at either end). */
export async function moveVariant(
  db: Db,
  productId: number,
  variantId: number,
  direction: "up" | "down",
): Promise<void> {
  await db.transaction(async (tx) => {
    // Lock the product: two moves at once renumber one after the other.
    await productForVariants(tx, productId);
    const ids = (
      await tx
        .select({ id: products.id })
        .from(products)
        .where(eq(products.parentId, productId))
        .orderBy(asc(products.position), asc(products.id))
    ).map((row) => row.id);
    const from = ids.indexOf(variantId);
    if (from === -1) throw new AppError("not_found", VARIANT_NOT_FOUND);
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to], ids[from]];
    for (const [position, id] of ids.entries()) {
      await tx
        .update(products)
        .set({ position })
        .where(and(eq(products.id, id), ne(products.position, position)));
    }
  });
  await announceStorefrontChange(db, "catalog");
}

/** A variant of this product, or not found (so a form cannot reach another product's row). */
export async function expectVariantOf(db: Db | Tx, productId: number, variantId: number): Promise<void> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, variantId), eq(products.parentId, productId)))
    .limit(1);
  if (!row) throw new AppError("not_found", VARIANT_NOT_FOUND);
}
