import { eq, sql } from "drizzle-orm";
import { theme } from "~/db/schema";
import { announceStorefrontChange } from "~/features/catalog/catalog-events.server";
import type { Db, Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { paletteSchema, resolvePalette, type Palette } from "./theme.schema";

/** The saved palette (the single theme row), each missing or invalid colour replaced by its default. */
export async function getTheme(db: Db | Tx): Promise<Palette> {
  const [row] = await db.select({ palette: theme.palette }).from(theme).where(eq(theme.id, 1)).limit(1);
  return resolvePalette(row?.palette);
}

/**
 * Validates and saves the palette (all eight colours, #rrggbb or #rgb). Throws AppError("invalid")
 * with a message per colour key, and writes nothing, when any colour is not a hex colour.
 */
export async function saveTheme(db: Db | Tx, input: unknown): Promise<Palette> {
  const parsed = paletteSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      fieldErrors[String(issue.path[0] ?? "_")] ??= issue.code === "invalid_type" ? "Vui lòng nhập mã màu" : issue.message;
    }
    throw new AppError("invalid", "Mã màu không hợp lệ", fieldErrors);
  }
  const palette = parsed.data;
  await db
    .insert(theme)
    .values({ id: 1, palette })
    .onConflictDoUpdate({ target: theme.id, set: { palette, updatedAt: sql`now()` } });
  await announceStorefrontChange(db, "theme");
  return palette;
}
