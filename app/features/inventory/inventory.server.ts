import { and, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { orders, products, stockMovements } from "~/db/schema";
import { announceStorefrontChange, isStockChangeShown } from "~/server/storefront-events.server";
import { fieldErrorsOf } from "~/lib/form-fields";
import { rowsOf, type Db, type Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { MAX_STOCK, stockAdjustmentSchema, type StockMovementReason } from "./inventory.schema";

/*
 * The inventory service: the one writer of products.stock_quantity and of stock_movements. Every
 * change is a delta applied with a conditional UPDATE (tracked stock never goes below zero, and no
 * stale absolute number can overwrite a sale) and a movement row with the balance after it, in the
 * caller's transaction. Sold counts follow an order's goods in the same statement.
 */

/** Who moved the stock: a staff member, or null for a shopper's order. */
export interface StockActor {
  userId: string | null;
  /** The staff member's e-mail (kept when the user is deleted). */
  name: string | null;
}

/** No staff member: a shopper's order, or the shop's own seed data. */
export const NO_STAFF: StockActor = { userId: null, name: null };

export const PRODUCT_NOT_FOUND = "Không tìm thấy sản phẩm";
export const STOCK_IN_VARIANTS_MESSAGE = "Sản phẩm có biến thể: hãy điều chỉnh tồn kho ở từng biến thể";

/** One product's quantity on an order. */
export interface OrderStockLine {
  productId: number;
  quantity: number;
}

/** What a line that cannot be taken says, e.g. "chỉ còn 2 sản phẩm" (placement) or "còn 2, cần 3" (un-cancel). */
export type ShortStockMessage = (product: { name: string; left: number; needed: number }) => string;

/** Merges repeated products and sorts by id: rows are locked in one order (no deadlock between two orders). */
function mergedLines(lines: readonly OrderStockLine[]): OrderStockLine[] {
  const merged = new Map<number, number>();
  for (const line of lines) merged.set(line.productId, (merged.get(line.productId) ?? 0) + line.quantity);
  return [...merged].sort(([a], [b]) => a - b).map(([productId, quantity]) => ({ productId, quantity }));
}

async function recordMovement(
  tx: Tx,
  movement: {
    productId: number;
    delta: number;
    reason: StockMovementReason;
    balanceAfter: number;
    orderId?: string | null;
    note?: string | null;
    actor: StockActor;
  },
): Promise<void> {
  await tx.insert(stockMovements).values({
    productId: movement.productId,
    delta: movement.delta,
    reason: movement.reason,
    balanceAfter: movement.balanceAfter,
    orderId: movement.orderId ?? null,
    note: movement.note ?? null,
    actorUserId: movement.actor.userId,
    actorName: movement.actor.name,
  });
}

/** What takeStockForOrder and a caller's own statement (stockTakingStatement) need to take an order's goods. */
export interface StockTaking {
  orderId: string;
  lines: readonly OrderStockLine[];
  reason: Extract<StockMovementReason, "order_placed" | "order_reinstated">;
  actor: StockActor;
  short: ShortStockMessage;
  skipMissing?: boolean;
  fromStock?: boolean;
}

/** A product row as the stock-taking statement left it (json_agg of its RETURNING). */
interface TakenStockRow {
  product_id: number;
  track_stock: boolean;
  stock: number;
  low_stock_threshold: number;
  taken: number;
}

/**
 * The stock-taking of an order as common table expressions, for a caller that writes the rest of
 * the order in the same statement (checkout: the hot product rows are locked by the last
 * statement before commit, decision 0026). `ctes` goes after WITH (before the caller's own),
 * `takenColumn` into the final SELECT; settleStockTaking reads that column back. One statement
 * for every line: `locked_products` locks the rows in product-id order (no deadlock between two
 * orders), `taken_stock` decrements tracked stock where enough is left (the condition is
 * re-checked on the row's latest version, so the last unit is never sold twice) and adds the
 * sold counts, `taken_movements` writes a movement per tracked product with the balance after it.
 */
export function stockTakingStatement(tx: Tx, options: StockTaking): { ctes: SQL; takenColumn: SQL } {
  const fromStock = options.fromStock ?? true;
  const lines = mergedLines(options.lines).map((line) => ({
    product_id: line.productId,
    take: fromStock ? line.quantity : 0,
    sold: line.quantity,
  }));
  const takenStock = tx
    .update(products)
    .set({
      stockQuantity: sql`case when ${products.trackStock} then ${products.stockQuantity} - order_stock_lines.take else ${products.stockQuantity} end`,
      soldCount: sql`${products.soldCount} + order_stock_lines.sold`,
    })
    .from(sql`locked_products join order_stock_lines on order_stock_lines.product_id = locked_products.id`)
    .where(
      and(
        eq(products.id, sql`locked_products.id`),
        or(eq(products.trackStock, false), sql`${products.stockQuantity} >= order_stock_lines.take`),
      ),
    )
    .returning({
      productId: products.id,
      trackStock: products.trackStock,
      stock: products.stockQuantity,
      lowStockThreshold: products.lowStockThreshold,
      taken: sql<number>`order_stock_lines.take`,
    });
  const ctes = sql`order_stock_lines as (
      select * from json_to_recordset(${JSON.stringify(lines)}::json) as l(product_id integer, take integer, sold integer)
    ),
    locked_products as materialized (
      select p.id from products p join order_stock_lines l on l.product_id = p.id order by p.id for no key update of p
    ),
    taken_stock (product_id, track_stock, stock, low_stock_threshold, taken) as ${takenStock},
    taken_movements as (
      insert into stock_movements (product_id, delta, reason, order_id, actor_user_id, actor_name, balance_after)
      select product_id, -taken, ${options.reason}::stock_movement_reason, ${options.orderId}::uuid,
        ${options.actor.userId}::text, ${options.actor.name}::text, stock
      from taken_stock where track_stock and taken > 0
    )`;
  const takenColumn = sql`(select coalesce(json_agg(taken_stock), '[]'::json) from taken_stock) as taken_stock`;
  return { ctes, takenColumn };
}

/**
 * After the stock-taking statement ran: refuses the order (AppError "conflict", `short`'s message)
 * when a line was not taken, and tells the storefront when a product's shown stock changed. A
 * refusal leaves the transaction to be rolled back (the lines that were taken with it).
 */
export async function settleStockTaking(tx: Tx, options: StockTaking, takenStock: unknown): Promise<void> {
  const taken = new Map((takenStock as TakenStockRow[]).map((row) => [row.product_id, row]));
  const missed = mergedLines(options.lines).filter((line) => !taken.has(line.productId));
  if (missed.length > 0) {
    const found = await tx
      .select({ id: products.id, name: products.name, stock: products.stockQuantity })
      .from(products)
      .where(
        inArray(
          products.id,
          missed.map((line) => line.productId),
        ),
      );
    for (const line of missed) {
      const product = found.find((row) => row.id === line.productId);
      if (!product && options.skipMissing) continue;
      if (!product) throw new AppError("conflict", PRODUCT_NOT_FOUND);
      throw new AppError("conflict", options.short({ name: product.name, left: product.stock, needed: line.quantity }));
    }
  }
  const shown = [...taken.values()].some(
    (row) =>
      row.track_stock && row.taken > 0 && isStockChangeShown(row.stock + row.taken, row.stock, row.low_stock_threshold),
  );
  if (shown) await announceStorefrontChange(tx, "stock");
}

/**
 * Takes an order's goods (placement, or an order moved out of cancelled) in one statement (see
 * stockTakingStatement): tracked stock down where it is there, refused with `short`'s message
 * where it is not; sold counts up. A product deleted meanwhile is skipped when `skipMissing` (an
 * old order coming back). With `fromStock: false` only the sold counts move (an order cancelled
 * without putting its goods back comes back: they never returned to the stock).
 */
export async function takeStockForOrder(tx: Tx, options: StockTaking): Promise<void> {
  const { ctes, takenColumn } = stockTakingStatement(tx, options);
  const [row] = rowsOf<{ taken_stock: unknown }>(await tx.execute(sql`with ${ctes} select ${takenColumn}`));
  await settleStockTaking(tx, options, row.taken_stock);
}

/**
 * Releases an order's goods (cancelled, or a pending order deleted): sold counts down (never below
 * zero) and, when `restock`, tracked stock up with a movement. Without `restock` (the parcel has
 * left the shop) the stock is left as it is; goods that come back later are a "return" adjustment.
 * Lines whose product was deleted are skipped.
 */
export async function releaseStockForOrder(
  tx: Tx,
  options: {
    orderId: string;
    lines: readonly OrderStockLine[];
    reason: Extract<StockMovementReason, "order_cancelled" | "order_deleted">;
    restock: boolean;
    actor: StockActor;
    note?: string | null;
  },
): Promise<void> {
  let shown = false;
  for (const line of mergedLines(options.lines)) {
    const back = options.restock ? line.quantity : 0;
    const [row] = await tx
      .update(products)
      .set({
        stockQuantity: sql`case when ${products.trackStock} then ${products.stockQuantity} + ${back} else ${products.stockQuantity} end`,
        soldCount: sql`greatest(${products.soldCount} - ${line.quantity}, 0)`,
      })
      .where(eq(products.id, line.productId))
      .returning({
        trackStock: products.trackStock,
        stock: products.stockQuantity,
        lowStockThreshold: products.lowStockThreshold,
      });
    if (!row || !row.trackStock || back === 0) continue;
    await recordMovement(tx, {
      productId: line.productId,
      delta: back,
      reason: options.reason,
      balanceAfter: row.stock,
      orderId: options.orderId,
      note: options.note,
      actor: options.actor,
    });
    if (isStockChangeShown(row.stock - back, row.stock, row.lowStockThreshold)) shown = true;
  }
  if (shown) await announceStorefrontChange(tx, "stock");
}

/**
 * Takes back a returned parcel's goods (a refused COD delivery, issue 16): the order was not sold
 * after all, so sold counts go down by everything that came back; the units staff judged sellable
 * go back into tracked stock as a "return" movement. Damaged units are not restocked: they left
 * the stock when the order was placed and never re-enter it, so the history needs no
 * "damaged" movement to cancel a restock that did not happen (the note names them).
 */
export async function receiveReturnedGoods(
  tx: Tx,
  options: {
    orderId: string;
    lines: readonly { productId: number; restock: number; damaged: number }[];
    actor: StockActor;
    note?: string | null;
  },
): Promise<void> {
  let shown = false;
  const byProduct = new Map<number, { restock: number; damaged: number }>();
  for (const line of options.lines) {
    const seen = byProduct.get(line.productId) ?? { restock: 0, damaged: 0 };
    byProduct.set(line.productId, { restock: seen.restock + line.restock, damaged: seen.damaged + line.damaged });
  }
  for (const [productId, { restock, damaged }] of [...byProduct].sort(([a], [b]) => a - b)) {
    const [row] = await tx
      .update(products)
      .set({
        stockQuantity: sql`case when ${products.trackStock} then ${products.stockQuantity} + ${restock} else ${products.stockQuantity} end`,
        soldCount: sql`greatest(${products.soldCount} - ${restock + damaged}, 0)`,
      })
      .where(eq(products.id, productId))
      .returning({
        trackStock: products.trackStock,
        stock: products.stockQuantity,
        lowStockThreshold: products.lowStockThreshold,
      });
    if (!row || !row.trackStock || restock === 0) continue;
    const note = [options.note, damaged > 0 ? `${damaged} sản phẩm hư hỏng không nhập lại kho` : null]
      .filter(Boolean)
      .join(" · ");
    await recordMovement(tx, {
      productId,
      delta: restock,
      reason: "return",
      balanceAfter: row.stock,
      orderId: options.orderId,
      note: note || null,
      actor: options.actor,
    });
    if (isStockChangeShown(row.stock - restock, row.stock, row.lowStockThreshold)) shown = true;
  }
  if (shown) await announceStorefrontChange(tx, "stock");
}

/** The stock a new product starts with, as an "initial" movement (nothing when zero). */
export async function recordInitialStock(
  tx: Tx,
  productId: number,
  quantity: number,
  actor: StockActor,
): Promise<void> {
  if (quantity <= 0) return;
  const [row] = await tx
    .update(products)
    .set({ stockQuantity: sql`${products.stockQuantity} + ${quantity}` })
    .where(eq(products.id, productId))
    .returning({ stock: products.stockQuantity });
  if (!row) throw new AppError("not_found", PRODUCT_NOT_FOUND);
  await recordMovement(tx, { productId, delta: quantity, reason: "initial", balanceAfter: row.stock, actor });
}

/**
 * Products that hold stock themselves: every product but one with variants (decision 0038: its
 * variants hold the stock), for the stock lists and pages.
 */
export const holdsOwnStock = sql`not exists (select 1 from ${products} as "variant" where "variant"."parent_id" = ${products.id})`;

/**
 * A product that gets its first variant hands its stock over to it (decision 0038: a product
 * with variants holds none): a movement out of the product and one into the variant, reason
 * "other", each with a note. Nothing is written when the product holds none.
 */
export async function moveStockToVariant(
  tx: Tx,
  move: { productId: number; variantId: number; variantLabel: string },
  actor: StockActor,
): Promise<number> {
  const [from] = await tx
    .select({ stock: products.stockQuantity })
    .from(products)
    .where(eq(products.id, move.productId))
    .for("update");
  if (!from) throw new AppError("not_found", PRODUCT_NOT_FOUND);
  if (from.stock <= 0) return 0;
  const moved = from.stock;
  await tx.update(products).set({ stockQuantity: 0 }).where(eq(products.id, move.productId));
  await recordMovement(tx, {
    productId: move.productId,
    delta: -moved,
    reason: "other",
    balanceAfter: 0,
    note: `Chuyển sang biến thể ${move.variantLabel}`,
    actor,
  });
  const [to] = await tx
    .update(products)
    .set({ stockQuantity: sql`${products.stockQuantity} + ${moved}` })
    .where(eq(products.id, move.variantId))
    .returning({ stock: products.stockQuantity });
  if (!to) throw new AppError("not_found", PRODUCT_NOT_FOUND);
  await recordMovement(tx, {
    productId: move.variantId,
    delta: moved,
    reason: "other",
    balanceAfter: to.stock,
    note: "Chuyển từ tồn kho của sản phẩm khi thêm biến thể đầu tiên",
    actor,
  });
  return moved;
}

/**
 * A staff adjustment (received, return, count correction, damaged, other): a delta, never taking
 * the stock below zero (refused with the stock there is, and nothing written). Not guarded by the
 * product's version: a delta is right whatever happened since the page opened.
 */
export async function adjustStock(
  db: Db,
  productId: number,
  rawInput: unknown,
  actor: StockActor,
): Promise<{ balance: number }> {
  const parsed = stockAdjustmentSchema.safeParse(rawInput);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    throw new AppError("invalid", Object.values(fieldErrors)[0] ?? "Dữ liệu không hợp lệ", fieldErrors);
  }
  const { delta, reason, note } = parsed.data;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} + ${delta}` })
      .where(
        and(
          eq(products.id, productId),
          holdsOwnStock,
          sql`${products.stockQuantity} + ${delta} between 0 and ${MAX_STOCK}`,
        ),
      )
      .returning({
        trackStock: products.trackStock,
        stock: products.stockQuantity,
        lowStockThreshold: products.lowStockThreshold,
      });
    if (!row) {
      const [product] = await tx
        .select({ stock: products.stockQuantity, holdsOwnStock: sql<boolean>`${holdsOwnStock}` })
        .from(products)
        .where(eq(products.id, productId));
      if (!product) throw new AppError("not_found", PRODUCT_NOT_FOUND);
      if (!product.holdsOwnStock) throw new AppError("invalid", STOCK_IN_VARIANTS_MESSAGE);
      const message =
        delta < 0
          ? `Không thể giảm ${-delta} sản phẩm: tồn kho hiện chỉ còn ${product.stock}.`
          : `Tồn kho tối đa ${MAX_STOCK.toLocaleString("vi-VN")} sản phẩm (hiện có ${product.stock}).`;
      throw new AppError("conflict", message, { quantity: message });
    }
    await recordMovement(tx, { productId, delta, reason, balanceAfter: row.stock, note, actor });
    if (row.trackStock && isStockChangeShown(row.stock - delta, row.stock, row.lowStockThreshold))
      await announceStorefrontChange(tx, "stock");
    return { balance: row.stock };
  });
}

export interface StockMovementRow {
  id: number;
  createdAt: Date;
  delta: number;
  reason: StockMovementReason;
  balanceAfter: number;
  note: string | null;
  actorName: string | null;
  orderId: string | null;
  orderNumber: number | null;
}

/** A product's movements, newest first, at most `limit`; `hasMore` when older ones exist. */
export async function listStockMovements(
  db: Db | Tx,
  productId: number,
  limit: number,
): Promise<{ rows: StockMovementRow[]; hasMore: boolean }> {
  const rows = await db
    .select({
      id: stockMovements.id,
      createdAt: stockMovements.createdAt,
      delta: stockMovements.delta,
      reason: stockMovements.reason,
      balanceAfter: stockMovements.balanceAfter,
      note: stockMovements.note,
      actorName: stockMovements.actorName,
      orderId: stockMovements.orderId,
      orderNumber: orders.orderNumber,
    })
    .from(stockMovements)
    .leftJoin(orders, eq(orders.id, stockMovements.orderId))
    .where(eq(stockMovements.productId, productId))
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}
