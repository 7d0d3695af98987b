import { asc, count, eq, ne, and, sql } from "drizzle-orm";
import { categories, products, type Category } from "~/db/schema";
import type { Db, Tx } from "~/server/db.server";
import { vietnameseOrder } from "~/server/vietnamese-order.server";
import { uniqueViolation } from "~/server/db-errors.server";
import { AppError } from "~/server/errors.server";
import { expectUpdatedRow, nextRowVersion, readRowVersion, staleRowError } from "~/server/row-version.server";
import { fieldErrorsOf, formValues } from "~/lib/form-fields";
import { categoryInputSchema, type CategoryInput } from "./admin-categories.schema";
import { announceStorefrontChange } from "~/server/storefront-events.server";
import { productSearchText } from "~/features/catalog/search-text";

export type AdminCategory = Category & { productCount: number };

export const SLUG_TAKEN_MESSAGE = "Slug này đã được dùng cho một danh mục khác";

/** Every category by display order (then name), with how many products it holds. */
export async function listCategories(db: Db): Promise<AdminCategory[]> {
  const counts = await db
    .select({ categoryId: products.categoryId, n: count() })
    .from(products)
    .groupBy(products.categoryId);
  const byId = new Map(counts.map((c) => [c.categoryId, Number(c.n)]));
  const rows = await db
    .select()
    .from(categories)
    .orderBy(asc(categories.displayOrder), ...vietnameseOrder(sql`${categories.name}`, "asc"), asc(categories.id));
  return rows.map((row) => ({ ...row, productCount: byId.get(row.id) ?? 0 }));
}

/** Active categories by name (the product form's choices, SPEC §7). */
export async function listActiveCategoryOptions(db: Db): Promise<Array<{ id: number; name: string }>> {
  return db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(eq(categories.isActive, true))
    .orderBy(...vietnameseOrder(sql`${categories.name}`, "asc"));
}

function parseCategory(input: unknown): CategoryInput {
  const parsed = categoryInputSchema.safeParse(formValues(input as Record<string, unknown>));
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    throw new AppError("invalid", Object.values(fieldErrors)[0] ?? "Dữ liệu không hợp lệ", fieldErrors);
  }
  return parsed.data;
}

async function assertSlugFree(db: Db | Tx, slug: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      exceptId === undefined ? eq(categories.slug, slug) : and(eq(categories.slug, slug), ne(categories.id, exceptId)),
    )
    .limit(1);
  if (taken) throw new AppError("conflict", SLUG_TAKEN_MESSAGE, { slug: SLUG_TAKEN_MESSAGE });
}

function slugConflict(error: unknown): never {
  if (uniqueViolation(error) !== null) throw new AppError("conflict", SLUG_TAKEN_MESSAGE, { slug: SLUG_TAKEN_MESSAGE });
  throw error;
}

/** Creates a category from the dialog's values. Throws invalid (fieldErrors) or conflict (slug). */
export async function createCategory(db: Db, input: unknown): Promise<Category> {
  const values = parseCategory(input);
  await assertSlugFree(db, values.slug);
  const [row] = await db.insert(categories).values(values).returning().catch(slugConflict);
  await announceStorefrontChange(db, "catalog");
  return row;
}

const CATEGORY_NOT_FOUND = "Không tìm thấy danh mục";

/**
 * Updates a category from the dialog's values, which carry the version the dialog was opened
 * with: a category saved since is refused (conflict, nothing written). A renamed category
 * refreshes its products' search text.
 */
export async function updateCategory(db: Db, id: number, input: unknown): Promise<Category> {
  const values = parseCategory(input);
  const version = readRowVersion(input);
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(categories).where(eq(categories.id, id)).limit(1);
    if (!before) throw new AppError("not_found", CATEGORY_NOT_FOUND);
    // Stale before taken: a slug "taken" by the newer row is not what staff should fix first.
    if (before.version !== version) throw staleRowError("Danh mục");
    await assertSlugFree(tx, values.slug, id);
    const rows = await tx
      .update(categories)
      .set({ ...values, version: nextRowVersion(categories.version) })
      .where(and(eq(categories.id, id), eq(categories.version, version)))
      .returning()
      .catch(slugConflict);
    const updated = await expectUpdatedRow(rows, () => categoryExists(tx, id), {
      what: "Danh mục",
      notFound: CATEGORY_NOT_FOUND,
    });
    if (before.name !== updated.name || JSON.stringify(before.translations) !== JSON.stringify(updated.translations)) {
      await refreshSearchText(tx, id, updated);
    }
    return updated;
  });
  await announceStorefrontChange(db, "catalog");
  return row;
}

async function categoryExists(db: Db | Tx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1);
  return row !== undefined;
}

/** Recomputes search_text for every product of a category (its names are part of it). */
async function refreshSearchText(tx: Tx, categoryId: number, category: Pick<Category, "name" | "translations">) {
  const rows = await tx
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      color: products.color,
      translations: products.translations,
    })
    .from(products)
    .where(eq(products.categoryId, categoryId));
  for (const row of rows) {
    await tx
      .update(products)
      .set({ searchText: productSearchText(row, category) })
      .where(eq(products.id, row.id));
  }
}

export interface DeleteCategoryOptions {
  /** Move the category's products here first; without it a non-empty category is refused. */
  moveProductsTo?: number | null;
}

/**
 * Deletes a category. One that still holds products is refused (conflict) unless another
 * category is given to move them to; the move and the delete happen in one transaction.
 */
export async function deleteCategory(
  db: Db,
  id: number,
  options: DeleteCategoryOptions = {},
): Promise<{ moved: number }> {
  const moved = await db.transaction(async (tx) => {
    const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1);
    if (!category) throw new AppError("not_found", CATEGORY_NOT_FOUND);
    const [{ n }] = await tx.select({ n: count() }).from(products).where(eq(products.categoryId, id));
    const productCount = Number(n);
    let movedCount = 0;
    if (productCount > 0) {
      const target = options.moveProductsTo;
      if (target == null) {
        throw new AppError(
          "conflict",
          `Danh mục còn ${productCount} sản phẩm. Hãy chuyển sản phẩm sang danh mục khác trước khi xóa.`,
          { moveProductsTo: "Chọn danh mục nhận sản phẩm" },
        );
      }
      if (target === id) {
        throw new AppError("invalid", "Không thể chuyển sản phẩm sang chính danh mục đang xóa", {
          moveProductsTo: "Chọn một danh mục khác",
        });
      }
      const [dest] = await tx
        .select({ id: categories.id, name: categories.name, translations: categories.translations })
        .from(categories)
        .where(eq(categories.id, target))
        .limit(1);
      if (!dest)
        throw new AppError("invalid", "Danh mục nhận sản phẩm không tồn tại", {
          moveProductsTo: "Danh mục không tồn tại",
        });
      await tx.update(products).set({ categoryId: dest.id }).where(eq(products.categoryId, id));
      await refreshSearchText(tx, dest.id, dest);
      movedCount = productCount;
    }
    await tx.delete(categories).where(eq(categories.id, id));
    return movedCount;
  });
  await announceStorefrontChange(db, "catalog");
  return { moved };
}
