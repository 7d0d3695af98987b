import { sql, type SQL } from "drizzle-orm";
import { vietnameseSortTable } from "~/lib/vietnamese-collation";

/**
 * ORDER BY terms that sort a text column or expression in Vietnamese alphabetical order on any
 * PostgreSQL, PGlite included (no ICU needed): the letters mapped to sortable characters by
 * `translate()`, compared byte by byte (`collate "C"`), then the tones.
 */
export function vietnameseOrder(text: SQL, direction: "asc" | "desc"): SQL[] {
  const { from, primary, secondary } = vietnameseSortTable;
  const dir = direction === "asc" ? sql`asc` : sql`desc`;
  return [
    sql`translate(${text}, ${from}, ${primary}) collate "C" ${dir}`,
    sql`translate(${text}, ${from}, ${secondary}) collate "C" ${dir}`,
  ];
}
