import { and, eq, isNotNull, min } from "drizzle-orm";
import { categories, products } from "~/db/schema";
import type { Db, Tx } from "~/server/db.server";

/**
 * The "from" price on the technology page's SHOP NOW buttons: the lowest price of an active
 * sterilizer (the products that come in a colour) in an active category, in whole đồng. Null
 * when none is on sale.
 */
export async function getSterilizerStartingPrice(db: Db | Tx): Promise<number | null> {
  const [row] = await db
    .select({ price: min(products.price) })
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .where(and(eq(products.isActive, true), eq(categories.isActive, true), isNotNull(products.color)));
  return row?.price == null ? null : Number(row.price);
}
