import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { categories, products } from "~/db/schema";
import type { Locale } from "~/lib/i18n/locale";
import { normalizeSearch } from "~/lib/text";
import type { Db } from "~/server/db.server";
import type { ProductSummary } from "./catalog-types";
import { activeVariantsOf, cached, listed, soldCountSql, summaryColumns, toSummary, type SummaryRow } from "./catalog.server";

export function toPrefixTsQuery(query: string): string | null {
  const words = normalizeSearch(query)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, 10);
  return words.length > 0 ? words.map((w) => `${w}:*`).join(" & ") : null;
}

const MAX_SEARCH_RESULTS = 48;

/**
 * The product's words, or one of its active variants' (colour, label: a product with variants is
 * found by them and shown once), or a SKU starting with the query ("UVC-STER-PNK").
 */
function matchesSearch(tsQuery: string, query: string): SQL {
  const words = (column: SQL) => sql`to_tsvector('simple', ${column}) @@ to_tsquery('simple', ${tsQuery})`;
  const sku = query.trim().toUpperCase();
  const skuPrefix = /^[A-Z0-9-]{3,64}$/.test(sku) ? `${sku}%` : null;
  const variantMatch = skuPrefix
    ? sql`(${words(sql`v.search_text`)} or upper(v.sku) like ${skuPrefix})`
    : words(sql`v.search_text`);
  return sql`(${words(sql`${products.searchText}`)}
    ${skuPrefix ? sql`or upper(${products.sku}) like ${skuPrefix}` : sql``}
    or exists (select 1 ${activeVariantsOf} and ${variantMatch}))`;
}

/**
 * Products whose name, description, colour (English key or Vietnamese label) or category name
 * contain every word of the query as a word prefix, accent- and case-insensitively ("ban chai"
 * finds "bàn chải", "hong" finds "Hồng"). Uses the GIN index on to_tsvector('simple', search_text).
 * Ranked: the whole query in the name, then every word in the name, then the rest; best sellers first within a rank.
 */
export function searchProducts(db: Db, query: string, locale: Locale = "vi"): Promise<ProductSummary[]> {
  const tsQuery = toPrefixTsQuery(query.slice(0, 200));
  if (!tsQuery) return Promise.resolve([]);
  const normalized = normalizeSearch(query.slice(0, 200));
  return cached(db, `search:${locale}:${normalized}`, async () => {
    const rows = await db
      .select(summaryColumns)
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(listed, matchesSearch(tsQuery, query)))
      .orderBy(desc(soldCountSql), asc(products.id))
      .limit(MAX_SEARCH_RESULTS);
    const words = normalized.split(/[^a-z0-9]+/).filter(Boolean);
    const rankIn = (name: string) => {
      const n = normalizeSearch(name);
      const nameWords = n.split(/[^a-z0-9]+/);
      if (n.includes(normalized)) return 0;
      if (words.every((w) => nameWords.some((nw) => nw.startsWith(w)))) return 1;
      return 2;
    };
    // A query in either language ranks by the name it matches best ("travel case" or "hộp đựng").
    const rank = (row: SummaryRow) => Math.min(rankIn(row.name), rankIn(row.translations.en?.name ?? ""));
    return rows
      .map((row, index) => ({ row: toSummary(locale)(row), rank: rank(row), index }))
      .sort((a, b) => a.rank - b.rank || a.index - b.index)
      .map((r) => r.row);
  });
}

