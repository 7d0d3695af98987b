import { sql } from "drizzle-orm";
import { products } from "~/db/schema";

/**
 * The `products` row has variants (decision 0038): it is their product, never sold itself (it
 * does not even track stock). Correlated to the `products` row of the surrounding query.
 */
export const hasVariantsSql = sql<boolean>`exists (select 1 from ${products} v where v.parent_id = ${products.id})`;
