import { eq, sql } from "drizzle-orm";
import { theme } from "~/db/schema";
import { announceStorefrontChange } from "~/server/storefront-events.server";
import type { Db, Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { cachedUntilStorefrontChange } from "~/server/storefront-cache.server";
import { nextRowVersion, readRowVersion, staleRowError } from "~/server/row-version.server";
import { defaultPalette, paletteSchema, resolvePalette, type Palette } from "./theme.schema";

/** The saved palette (the single theme row), each missing or invalid colour replaced by its default. */
export async function getTheme(db: Db | Tx): Promise<Palette> {
  return (await getThemeForEditing(db)).palette;
}

const cachedTheme = cachedUntilStorefrontChange((db: Db) => getTheme(db));

/** getTheme for every page's root loader: kept in memory until the next storefront change (saving the theme announces one). */
export function getStorefrontTheme(db: Db): Promise<Palette> {
  return cachedTheme(db, "palette");
}

/**
 * The palette with the version the theme form sends back on save. No row yet is version 1 of the
 * defaults, so two tabs opened before the first save cannot both write it.
 */
export async function getThemeForEditing(db: Db | Tx): Promise<{ palette: Palette; version: number }> {
  const [row] = await db
    .select({ palette: theme.palette, version: theme.version })
    .from(theme)
    .where(eq(theme.id, 1))
    .limit(1);
  return { palette: resolvePalette(row?.palette), version: row?.version ?? 1 };
}

/**
 * Validates and saves the palette (all eight colours, #rrggbb or #rgb) if the theme is still at
 * the version the form was opened with (`version` in the input). Throws AppError("invalid") with
 * a message per colour key, or a conflict when the theme was saved since; both write nothing.
 */
export async function saveTheme(db: Db | Tx, input: unknown): Promise<{ palette: Palette; version: number }> {
  const parsed = paletteSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      fieldErrors[String(issue.path[0] ?? "_")] ??= issue.code === "invalid_type" ? "Vui lòng nhập mã màu" : issue.message;
    }
    throw new AppError("invalid", "Mã màu không hợp lệ", fieldErrors);
  }
  const palette = parsed.data;
  const version = readRowVersion(input);
  const [saved] = await db
    .insert(theme)
    .values({ id: 1, palette, version: version + 1 })
    .onConflictDoUpdate({
      target: theme.id,
      set: { palette, version: nextRowVersion(theme.version), updatedAt: sql`now()` },
      where: eq(theme.version, version),
    })
    .returning({ version: theme.version });
  // The single row exists (the insert conflicted) and is newer than the form.
  if (!saved) throw staleRowError("Giao diện");
  await announceStorefrontChange(db, "theme");
  return { palette, version: saved.version };
}

/** The single theme row with the SPEC §9 palette, for a new shop (a saved theme is left as it is). */
export async function insertDefaultTheme(tx: Tx): Promise<void> {
  await tx.insert(theme).values({ id: 1, palette: defaultPalette }).onConflictDoNothing({ target: theme.id });
}
