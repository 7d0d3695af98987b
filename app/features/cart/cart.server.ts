import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, getTableColumns, gt, inArray, lt, sql } from "drizzle-orm";
import { cartLines, carts, categories, hasVariantsSql, products, type Cart } from "~/db/schema";
import { rowsOf, type Db, type Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { MAX_CART_LINES, MAX_LINE_QUANTITY, type CartLine } from "./cart-store";

/**
 * The server cart (issue 17, decision 0028): lines, the checkout's progress and the discount code
 * of one browser, found by the SHA-256 of an opaque random token the browser keeps in an httpOnly
 * cookie. Every change is one atomic statement, so two tabs adding at once both count.
 */

/** A cart untouched this long is gone (and purged). */
export const CART_TTL_DAYS = 30;
const CART_TTL_MS = CART_TTL_DAYS * 24 * 60 * 60 * 1000;

/** 32 random bytes, base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newCartToken(): string {
  return randomBytes(32).toString("base64url");
}

/** A token as the cookie carried it, or null when it cannot be one of ours. */
export function validCartToken(value: string | null): string | null {
  return value !== null && TOKEN_PATTERN.test(value) ? value : null;
}

function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function newIdempotencyKey(): string {
  return randomBytes(16).toString("hex");
}

const expiry = (now: Date) => new Date(now.getTime() + CART_TTL_MS);

/** The unexpired cart of a token, or null. */
export async function findCart(db: Db | Tx, token: string | null, now = new Date()): Promise<Cart | null> {
  if (!token) return null;
  const [cart] = await db
    .select()
    .from(carts)
    .where(and(eq(carts.tokenHash, tokenHash(token)), gt(carts.expiresAt, now)))
    .limit(1);
  return cart ?? null;
}

export interface StoredCartLine extends CartLine {
  /** The unit price shown when the line was added (or last acknowledged). */
  seenPrice: number | null;
}

/**
 * The unexpired cart of a token with its lines in the order they were added, in one statement:
 * every cart and checkout page reads both, and on the embedded database each statement costs
 * about a millisecond of the server's one thread (decision 0025, fourth pass).
 */
export async function findCartWithLines(
  db: Db | Tx,
  token: string | null,
  now = new Date(),
): Promise<(Cart & { lines: StoredCartLine[] }) | null> {
  if (!token) return null;
  const [cart] = await db
    .select({
      ...getTableColumns(carts),
      lines: sql<StoredCartLine[]>`(
        select coalesce(json_agg(json_build_object('productId', l.product_id, 'quantity', l.quantity, 'seenPrice', l.seen_price)
          order by l.added_at, l.product_id), '[]'::json)
        from ${cartLines} l where l.cart_id = ${carts.id})`,
    })
    .from(carts)
    .where(and(eq(carts.tokenHash, tokenHash(token)), gt(carts.expiresAt, now)))
    .limit(1);
  return cart ?? null;
}

/**
 * The token's cart, or a new one (with a new token) when the browser has none or its cart expired.
 * `created` tells the caller to send the cookie.
 */
export async function openCart(
  db: Db | Tx,
  token: string | null,
  now = new Date(),
): Promise<{ cart: Cart; token: string; created: boolean }> {
  const existing = await findCart(db, token, now);
  if (existing && token) return { cart: existing, token, created: false };
  await purgeExpiredCarts(db, now);
  const fresh = newCartToken();
  const [cart] = await db
    .insert(carts)
    .values({ tokenHash: tokenHash(fresh), idempotencyKey: newIdempotencyKey(), expiresAt: expiry(now) })
    .returning();
  return { cart: cart!, token: fresh, created: true };
}

/** A change pushes the cart's expiry forward; after an order, the next change starts a new checkout. */
async function touch(db: Db | Tx, cartId: string, now: Date): Promise<void> {
  await db
    .update(carts)
    .set({
      updatedAt: now,
      expiresAt: expiry(now),
      placedOrderId: null,
      idempotencyKey: sql`case when ${carts.placedOrderId} is null then ${carts.idempotencyKey} else ${newIdempotencyKey()} end`,
    })
    .where(eq(carts.id, cartId));
}

/**
 * What a shopper may add: a product that exists, is on sale, has no variants (one of them is
 * added instead) and (when its stock is tracked) is not sold out.
 */
async function assertBuyable(db: Db | Tx, productId: number): Promise<void> {
  const [row] = await db
    .select({
      isActive: products.isActive,
      categoryActive: categories.isActive,
      trackStock: products.trackStock,
      stock: products.stockQuantity,
      hasVariants: hasVariantsSql,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, productId))
    .limit(1);
  if (!row || !row.isActive || !row.categoryActive) throw new AppError("not_found", "cart.productGone");
  // A product with variants is sold as one of them (decision 0038).
  if (row.hasVariants) throw new AppError("invalid", "cart.chooseOption");
  if (row.trackStock && row.stock <= 0) throw new AppError("conflict", "catalog.card.outOfStock");
}

function assertQuantity(quantity: number): void {
  if (!Number.isSafeInteger(quantity) || quantity < 1) throw new AppError("invalid", "cart.invalidQuantity");
}

/**
 * Adds units of a product (an existing line grows, clamped at MAX_LINE_QUANTITY). The price the
 * shopper sees now is remembered with a new line. A cart holds at most MAX_CART_LINES products.
 */
export async function addCartLine(
  db: Db | Tx,
  cartId: string,
  productId: number,
  quantity: number,
  now = new Date(),
): Promise<void> {
  assertQuantity(quantity);
  await assertBuyable(db, productId);
  const inserted = await db.execute(sql`
    insert into ${cartLines} (cart_id, product_id, quantity, seen_price, added_at)
    select ${cartId}, ${products.id}, least(${quantity}::int, ${MAX_LINE_QUANTITY}::int), ${products.price}, ${now}
    from ${products}
    where ${products.id} = ${productId}
      and (exists (select 1 from ${cartLines} where cart_id = ${cartId} and product_id = ${productId})
        or (select count(*) from ${cartLines} where cart_id = ${cartId}) < ${MAX_CART_LINES})
    on conflict (cart_id, product_id)
    do update set quantity = least(${cartLines.quantity} + excluded.quantity, ${MAX_LINE_QUANTITY}::int)
    returning product_id`);
  if (rowsOf(inserted).length === 0) throw new AppError("conflict", "cart.tooManyLines");
  await touch(db, cartId, now);
}

/** Sets a line's quantity (clamped at MAX_LINE_QUANTITY); 0 removes it. A line not in the cart is not added. */
export async function setCartLineQuantity(
  db: Db | Tx,
  cartId: string,
  productId: number,
  quantity: number,
  now = new Date(),
): Promise<void> {
  if (!Number.isSafeInteger(quantity) || quantity < 0) throw new AppError("invalid", "cart.invalidQuantity");
  if (quantity === 0) return removeCartLine(db, cartId, productId, now);
  await db
    .update(cartLines)
    .set({ quantity: Math.min(quantity, MAX_LINE_QUANTITY) })
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, productId)));
  await touch(db, cartId, now);
}

export async function removeCartLine(db: Db | Tx, cartId: string, productId: number, now = new Date()): Promise<void> {
  await db.delete(cartLines).where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, productId)));
  await touch(db, cartId, now);
}

/**
 * Brings in a cart kept in the browser's local storage before carts lived on the server. A
 * product already in the cart keeps the larger quantity, so sending the same lines twice (a retry,
 * two tabs) changes nothing; unknown or unbuyable products (and products with variants) are skipped.
 */
export async function mergeCartLines(db: Db | Tx, cartId: string, lines: CartLine[], now = new Date()): Promise<void> {
  const wanted = new Map<number, number>();
  for (const line of lines) {
    if (!Number.isSafeInteger(line.productId) || !Number.isSafeInteger(line.quantity) || line.quantity < 1) continue;
    wanted.set(line.productId, Math.min(Math.max(wanted.get(line.productId) ?? 0, line.quantity), MAX_LINE_QUANTITY));
  }
  if (wanted.size === 0) return;
  const buyable = await db
    .select({ id: products.id, price: products.price })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(
      and(
        inArray(products.id, [...wanted.keys()]),
        eq(products.isActive, true),
        eq(categories.isActive, true),
        sql`not ${hasVariantsSql}`,
      ),
    );
  const present = await db
    .select({ productId: cartLines.productId })
    .from(cartLines)
    .where(eq(cartLines.cartId, cartId));
  let room = MAX_CART_LINES - present.length;
  const known = new Set(present.map((line) => line.productId));
  const values = buyable.flatMap((product) => {
    if (!known.has(product.id)) {
      if (room <= 0) return [];
      room -= 1;
    }
    return [
      { cartId, productId: product.id, quantity: wanted.get(product.id)!, seenPrice: product.price, addedAt: now },
    ];
  });
  if (values.length === 0) return;
  await db
    .insert(cartLines)
    .values(values)
    .onConflictDoUpdate({
      target: [cartLines.cartId, cartLines.productId],
      set: { quantity: sql`greatest(${cartLines.quantity}, excluded.quantity)` },
    });
  await touch(db, cartId, now);
}

/** The cart's lines in the order they were added. */
export async function readCartLines(db: Db | Tx, cartId: string): Promise<StoredCartLine[]> {
  return db
    .select({ productId: cartLines.productId, quantity: cartLines.quantity, seenPrice: cartLines.seenPrice })
    .from(cartLines)
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.productId));
}

/** The shopper has seen a line's new price ("OK"): it is no longer reported as changed. */
export async function acknowledgeCartPrice(db: Db | Tx, cartId: string, productId: number): Promise<void> {
  await db.execute(sql`
    update ${cartLines} set seen_price = (select price from ${products} where ${products.id} = ${productId})
    where cart_id = ${cartId} and product_id = ${productId}`);
}

/** Keeps (or, with null, removes) the discount code to apply; the caller has checked it. */
export async function setCartDiscountCode(
  db: Db | Tx,
  cartId: string,
  code: string | null,
  now = new Date(),
): Promise<void> {
  await db
    .update(carts)
    .set({ discountCode: code, updatedAt: now, expiresAt: expiry(now) })
    .where(eq(carts.id, cartId));
}

/** Merges a step's answers into the checkout's progress (top-level keys replace). */
export async function saveCheckoutProgress(
  db: Db | Tx,
  cartId: string,
  patch: Record<string, unknown>,
  now = new Date(),
): Promise<void> {
  await db
    .update(carts)
    .set({
      checkout: sql`${carts.checkout} || ${JSON.stringify(patch)}::jsonb`,
      updatedAt: now,
      expiresAt: expiry(now),
    })
    .where(eq(carts.id, cartId));
}

/**
 * After the order is placed: its products leave the cart (a line another tab added meanwhile
 * stays), the discount code is spent, the order is remembered for a repeated post, and the
 * next change starts a new checkout (a new idempotency key, see touch).
 */
export async function markCartOrdered(
  db: Db | Tx,
  cartId: string,
  orderId: string,
  productIds: number[],
): Promise<void> {
  await db.transaction(async (tx) => {
    if (productIds.length > 0)
      await tx.delete(cartLines).where(and(eq(cartLines.cartId, cartId), inArray(cartLines.productId, productIds)));
    await tx.update(carts).set({ placedOrderId: orderId, discountCode: null }).where(eq(carts.id, cartId));
  });
}

/** How many expired carts one new cart clears away: the table stays small without a timer. */
const PURGE_BATCH = 100;

/** Deletes up to PURGE_BATCH expired carts (their lines go with them); returns how many. */
export async function purgeExpiredCarts(db: Db | Tx, now = new Date()): Promise<number> {
  const expired = db.select({ id: carts.id }).from(carts).where(lt(carts.expiresAt, now)).limit(PURGE_BATCH);
  const gone = await db.delete(carts).where(inArray(carts.id, expired)).returning({ id: carts.id });
  return gone.length;
}
