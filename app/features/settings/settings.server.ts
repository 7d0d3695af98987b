import { eq, sql } from "drizzle-orm";
import { settings as settingsTable } from "~/db/schema";
import { announceStorefrontChange } from "~/features/catalog/catalog-events.server";
import type { Db, Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import {
  defaultSettings,
  defaultSettingsFor,
  parseSettingsValue,
  settingsKeys,
  settingsSchemas,
  type Settings,
  type SettingsKey,
} from "./settings.schema";

export type { Settings, SettingsKey } from "./settings.schema";

/**
 * Every settings group, each stored value parsed over its group's defaults. A missing row, or a
 * row whose JSON no longer matches the schema, gives that group's defaults. Never throws on
 * bad data (a database error still propagates).
 */
export async function getSettings(db: Db | Tx): Promise<Settings> {
  const rows = await db.select({ key: settingsTable.key, value: settingsTable.value }).from(settingsTable);
  const result = defaultSettings();
  const mutable = result as Record<SettingsKey, unknown>;
  for (const row of rows) {
    if (isKnownKey(row.key)) mutable[row.key] = parseSettingsValue(row.key, row.value);
  }
  return result;
}

/** One settings group, parsed over its defaults (defaults when absent or invalid). */
export async function getSetting<K extends SettingsKey>(db: Db | Tx, key: K): Promise<Settings[K]> {
  const [row] = await db
    .select({ value: settingsTable.value })
    .from(settingsTable)
    .where(eq(settingsTable.key, key))
    .limit(1);
  return row ? parseSettingsValue(key, row.value) : defaultSettingsFor(key);
}

/**
 * Validates a group with its zod schema and stores it (insert or replace). Throws
 * AppError("invalid") with per-field messages when the value does not match. Returns the
 * stored value (defaults filled in).
 */
export async function saveSetting<K extends SettingsKey>(
  db: Db | Tx,
  key: K,
  /** What the form sent (see SettingsInput<K>): numbers may be strings, switches "on". */
  value: unknown,
): Promise<Settings[K]> {
  if (!isKnownKey(key)) throw new AppError("invalid", `Unknown settings group: ${String(key)}`);
  const parsed = settingsSchemas[key].safeParse(value);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path.map(String).join(".") || "_";
      fieldErrors[field] ??= issue.message;
    }
    throw new AppError("invalid", "Dữ liệu cài đặt không hợp lệ", fieldErrors);
  }
  const data = parsed.data as Settings[K];
  await db
    .insert(settingsTable)
    .values({ key, value: data })
    .onConflictDoUpdate({ target: settingsTable.key, set: { value: data, updatedAt: sql`now()` } });
  // The storefront shows the store's name, contacts, shipping threshold, exchange rate.
  await announceStorefrontChange(db, "settings");
  return data;
}

function isKnownKey(key: string): key is SettingsKey {
  return (settingsKeys as string[]).includes(key);
}
