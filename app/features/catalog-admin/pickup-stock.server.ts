import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import { storeLocations, storeStock, type PickupStoreSnapshot } from "~/db/schema";
import type { Db, Tx } from "~/server/db.server";
import { announceStorefrontChange } from "~/server/storefront-events.server";
import { vietnameseOrder } from "~/server/vietnamese-order.server";
import type { OrderStockLine } from "~/features/inventory/inventory.server";
import { shopColumns as storefrontShopColumns } from "~/features/catalog/catalog.server";

/*
 * Store pickup (issue 31, decision 0051): the units each shop holds (store_stock, this feature's table, set by staff on
 * the console's shop stock page) are the figures a shopper choosing a pickup shop sees, so a
 * pickup order takes its goods from that shop's count, in the order's transaction, with a
 * conditional update (the last unit on a shop's shelf is never promised twice). The products'
 * own stock (the shop's total, inventory.server.ts) is taken as for every order.
 */

/** An active shop as the checkout offers it for pickup, with what it holds of the cart. */
export interface PickupShop extends PickupStoreSnapshot {
  id: number;
  city: string;
  /** The units it holds of each of the cart's products, in the cart's order. */
  units: Array<{ productId: number; units: number; needed: number }>;
  /** True when it holds every line's quantity: only such a shop can be chosen. */
  holdsCart: boolean;
}

function mergedLines(lines: readonly OrderStockLine[]): OrderStockLine[] {
  const merged = new Map<number, number>();
  for (const line of lines) merged.set(line.productId, (merged.get(line.productId) ?? 0) + line.quantity);
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

// What the storefront shows of a shop, with its id (the buyer's choice at checkout).
const shopColumns = { id: storeLocations.id, ...storefrontShopColumns };

/** Every active shop (the console's display order) with the units it holds of the cart's products. */
export async function listPickupShops(db: Db | Tx, lines: readonly OrderStockLine[]): Promise<PickupShop[]> {
  const wanted = mergedLines(lines);
  const productIds = wanted.map((line) => line.productId);
  const [shops, stock] = await Promise.all([
    db
      .select(shopColumns)
      .from(storeLocations)
      .where(eq(storeLocations.isActive, true))
      .orderBy(asc(storeLocations.displayOrder), ...vietnameseOrder(sql`${storeLocations.name}`, "asc")),
    productIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ storeId: storeStock.storeId, productId: storeStock.productId, quantity: storeStock.quantity })
          .from(storeStock)
          .where(inArray(storeStock.productId, productIds)),
  ]);
  const held = new Map(stock.map((row) => [`${row.storeId}:${row.productId}`, row.quantity]));
  return shops.map((shop) => {
    const units = wanted.map((line) => ({
      productId: line.productId,
      units: held.get(`${shop.id}:${line.productId}`) ?? 0,
      needed: line.quantity,
    }));
    return { ...shop, units, holdsCart: units.length > 0 && units.every((line) => line.units >= line.needed) };
  });
}

/** One active shop's pickup details (what an order keeps), or null when there is no such active shop. */
export async function findPickupShop(db: Db | Tx, storeId: number): Promise<PickupStoreSnapshot | null> {
  const [shop] = await db
    .select(shopColumns)
    .from(storeLocations)
    .where(and(eq(storeLocations.id, storeId), eq(storeLocations.isActive, true)))
    .limit(1);
  if (!shop) return null;
  const { name, address, phone, opensAt, closesAt, mapUrl } = shop;
  return { name, address, phone, opensAt, closesAt, mapUrl };
}

/** A line the shop could not supply: its product and the units the shop has left. */
export interface ShopShortfall {
  productId: number;
  left: number;
}

/**
 * Takes a pickup order's goods from the shop's count (in the order's transaction), in product-id
 * order (no deadlock between two orders). Returns the first line the shop cannot supply, or null
 * when every line was taken; on a shortfall the caller throws and the transaction rolls back.
 */
export async function takePickupShopStock(
  tx: Tx,
  storeId: number,
  lines: readonly OrderStockLine[],
): Promise<ShopShortfall | null> {
  const sorted = mergedLines(lines).sort((a, b) => a.productId - b.productId);
  for (const line of sorted) {
    const taken = await tx
      .update(storeStock)
      .set({ quantity: sql`${storeStock.quantity} - ${line.quantity}`, updatedAt: new Date() })
      .where(
        and(
          eq(storeStock.storeId, storeId),
          eq(storeStock.productId, line.productId),
          gte(storeStock.quantity, line.quantity),
        ),
      )
      .returning({ quantity: storeStock.quantity });
    if (taken.length === 0) {
      const [row] = await tx
        .select({ quantity: storeStock.quantity })
        .from(storeStock)
        .where(and(eq(storeStock.storeId, storeId), eq(storeStock.productId, line.productId)));
      return { productId: line.productId, left: row?.quantity ?? 0 };
    }
  }
  // The product pages show each shop's units (store availability).
  await announceStorefrontChange(tx, "catalog");
  return null;
}

/**
 * Puts a pickup order's goods back on its shop's count (the order cancelled with its goods back in
 * stock, or deleted): the exact inverse of takePickupShopStock, in the caller's transaction. A
 * count the shop no longer lists for a product is made again with the units.
 */
export async function returnPickupShopStock(tx: Tx, storeId: number, lines: readonly OrderStockLine[]): Promise<void> {
  const merged = mergedLines(lines).sort((a, b) => a.productId - b.productId);
  if (merged.length === 0) return;
  await tx
    .insert(storeStock)
    .values(merged.map((line) => ({ storeId, productId: line.productId, quantity: line.quantity })))
    .onConflictDoUpdate({
      target: [storeStock.storeId, storeStock.productId],
      set: { quantity: sql`${storeStock.quantity} + excluded.quantity`, updatedAt: new Date() },
    });
  await announceStorefrontChange(tx, "catalog");
}
