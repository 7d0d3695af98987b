import { holdsOwnStock } from "~/features/inventory/inventory.server";
import { and, asc, eq, getTableColumns, sql } from "drizzle-orm";
import { products, storeLocations, storeStock, type StoreLocation } from "~/db/schema";
import { fieldErrorsOf, formValues } from "~/lib/form-fields";
import type { Db, Tx } from "~/server/db.server";
import { uniqueViolation } from "~/server/db-errors.server";
import { AppError } from "~/server/errors.server";
import { expectUpdatedRow, nextRowVersion, readRowVersion, staleRowError } from "~/server/row-version.server";
import { announceStorefrontChange } from "~/server/storefront-events.server";
import { vietnameseOrder } from "~/server/vietnamese-order.server";
import { storeLocationInputSchema, storeStockQuantity, type StoreLocationInput } from "./store-locations.schema";

export const STORE_NAME_TAKEN = "Tên cửa hàng này đã được dùng";
const STORE_NOT_FOUND = "Không tìm thấy cửa hàng";

export type AdminStoreLocation = StoreLocation & { units: number; productsInStock: number };

/** Every shop by display order, then name, with the units it holds and of how many products. */
export async function listStoreLocations(db: Db): Promise<AdminStoreLocation[]> {
  return db
    .select({
      ...getTableColumns(storeLocations),
      units: sql<number>`coalesce(sum(${storeStock.quantity}), 0)::int`,
      productsInStock: sql<number>`count(${storeStock.productId}) filter (where ${storeStock.quantity} > 0)::int`,
    })
    .from(storeLocations)
    .leftJoin(storeStock, eq(storeStock.storeId, storeLocations.id))
    .groupBy(storeLocations.id)
    .orderBy(
      asc(storeLocations.displayOrder),
      ...vietnameseOrder(sql`${storeLocations.name}`, "asc"),
      asc(storeLocations.id),
    );
}

/** One shop as the console lists it; not found when there is no such shop. */
export async function getStoreLocation(db: Db, id: number): Promise<AdminStoreLocation> {
  const store = (await listStoreLocations(db)).find((row) => row.id === id);
  if (!store) throw new AppError("not_found", STORE_NOT_FOUND);
  return store;
}

function parseStoreLocation(input: unknown): StoreLocationInput {
  const parsed = storeLocationInputSchema.safeParse(formValues(input as Record<string, unknown>));
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    throw new AppError("invalid", Object.values(fieldErrors)[0] ?? "Dữ liệu không hợp lệ", fieldErrors);
  }
  return parsed.data;
}

function nameConflict(error: unknown): never {
  if (uniqueViolation(error) !== null) throw new AppError("conflict", STORE_NAME_TAKEN, { name: STORE_NAME_TAKEN });
  throw error;
}

/** Adds a shop from the dialog's values. Throws invalid (fieldErrors) or conflict (name taken). */
export async function createStoreLocation(db: Db, input: unknown): Promise<StoreLocation> {
  const values = parseStoreLocation(input);
  const [row] = await db.insert(storeLocations).values(values).returning().catch(nameConflict);
  await announceStorefrontChange(db, "catalog");
  return row;
}

/** Saves a shop's details over the version the dialog opened with (a shop saved since: conflict). */
export async function updateStoreLocation(db: Db, id: number, input: unknown): Promise<StoreLocation> {
  const values = parseStoreLocation(input);
  const version = readRowVersion(input);
  const rows = await db
    .update(storeLocations)
    .set({ ...values, version: nextRowVersion(storeLocations.version) })
    .where(and(eq(storeLocations.id, id), eq(storeLocations.version, version)))
    .returning()
    .catch(nameConflict);
  const row = await expectUpdatedRow(rows, () => storeExists(db, id), { what: "Cửa hàng", notFound: STORE_NOT_FOUND });
  await announceStorefrontChange(db, "catalog");
  return row;
}

/** Removes a shop and its stock list (no order refers to a shop), over the version shown. */
export async function deleteStoreLocation(db: Db, id: number, input: unknown): Promise<void> {
  const version = readRowVersion(input);
  const rows = await db
    .delete(storeLocations)
    .where(and(eq(storeLocations.id, id), eq(storeLocations.version, version)))
    .returning({ id: storeLocations.id });
  await expectUpdatedRow(rows, () => storeExists(db, id), { what: "Cửa hàng", notFound: STORE_NOT_FOUND });
  await announceStorefrontChange(db, "catalog");
}

async function storeExists(db: Db | Tx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: storeLocations.id })
    .from(storeLocations)
    .where(eq(storeLocations.id, id))
    .limit(1);
  return row !== undefined;
}

export interface StoreStockRow {
  productId: number;
  name: string;
  sku: string;
  quantity: number;
}

/**
 * Every product and variant with its units in one shop (0 where none are listed), by name; a
 * product with variants is left out (its variants hold the stock, decision 0038).
 */
export async function listStoreStock(db: Db, storeId: number): Promise<StoreStockRow[]> {
  if (!(await storeExists(db, storeId))) throw new AppError("not_found", STORE_NOT_FOUND);
  return db
    .select({
      productId: products.id,
      name: products.name,
      sku: products.sku,
      quantity: sql<number>`coalesce(${storeStock.quantity}, 0)::int`,
    })
    .from(products)
    .leftJoin(storeStock, and(eq(storeStock.productId, products.id), eq(storeStock.storeId, storeId)))
    .where(holdsOwnStock)
    .orderBy(...vietnameseOrder(sql`${products.name}`, "asc"), asc(products.id));
}

/**
 * Saves a shop's units per product from the stock form (`quantity.<productId>` fields), all or
 * nothing, over the shop's version as the form opened it: two tabs editing one shop's stock
 * cannot silently overwrite each other. A product deleted meanwhile is skipped.
 */
export async function setStoreStock(db: Db, storeId: number, input: unknown): Promise<{ version: number }> {
  const version = readRowVersion(input);
  const values = formValues(input as Record<string, unknown>);
  const quantities = new Map<number, number>();
  const fieldErrors: Record<string, string> = {};
  for (const [field, raw] of Object.entries(values)) {
    const match = /^quantity\.(\d+)$/.exec(field);
    if (!match) continue;
    const parsed = storeStockQuantity().safeParse(raw);
    if (parsed.success) quantities.set(Number(match[1]), parsed.data);
    else fieldErrors[field] = parsed.error.issues[0].message;
  }
  const firstError = Object.values(fieldErrors)[0];
  if (firstError) throw new AppError("invalid", firstError, fieldErrors);
  const saved = await db.transaction(async (tx) => {
    const rows = await tx
      .update(storeLocations)
      .set({ version: nextRowVersion(storeLocations.version) })
      .where(and(eq(storeLocations.id, storeId), eq(storeLocations.version, version)))
      .returning({ version: storeLocations.version });
    const [store] = rows;
    if (!store) {
      if (!(await storeExists(tx, storeId))) throw new AppError("not_found", STORE_NOT_FOUND);
      throw staleRowError("Cửa hàng");
    }
    const known = new Set(
      (await tx.select({ id: products.id }).from(products).where(holdsOwnStock)).map((product) => product.id),
    );
    const entries = [...quantities].filter(([productId]) => known.has(productId));
    if (entries.length > 0) {
      await tx
        .insert(storeStock)
        .values(entries.map(([productId, quantity]) => ({ storeId, productId, quantity })))
        .onConflictDoUpdate({
          target: [storeStock.storeId, storeStock.productId],
          set: { quantity: sql`excluded.quantity`, updatedAt: new Date() },
          setWhere: sql`${storeStock.quantity} is distinct from excluded.quantity`,
        });
    }
    return store;
  });
  await announceStorefrontChange(db, "catalog");
  return saved;
}
