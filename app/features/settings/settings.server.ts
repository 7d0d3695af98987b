import { eq, sql } from "drizzle-orm";
import { settings as settingsTable } from "~/db/schema";
import { announceStorefrontChange } from "~/server/storefront-events.server";
import type { Db, Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { cachedUntilStorefrontChange } from "~/server/storefront-cache.server";
import { nextRowVersion, staleRowError } from "~/server/row-version.server";
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

const cachedSettings = cachedUntilStorefrontChange((db: Db) => getSettings(db));

/**
 * getSettings for the storefront's pages, which read it on every request: kept in memory until
 * the next storefront change (saving settings announces one). Shared between requests: read-only.
 */
export function getStorefrontSettings(db: Db): Promise<Settings> {
  return cachedSettings(db, "all");
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
 * The version of every settings group, which its tab's form sends back on save. A group with no
 * row yet is version 1 of its defaults, so two tabs opened before the first save cannot both
 * write it.
 */
export async function getSettingsVersions(db: Db | Tx): Promise<Record<SettingsKey, number>> {
  const rows = await db.select({ key: settingsTable.key, version: settingsTable.version }).from(settingsTable);
  const versions = Object.fromEntries(settingsKeys.map((key) => [key, 1])) as Record<SettingsKey, number>;
  for (const row of rows) if (isKnownKey(row.key)) versions[row.key] = row.version;
  return versions;
}

/**
 * Validates a group with its zod schema and stores it (insert or replace). Throws
 * AppError("invalid") with per-field messages when the value does not match. Returns the
 * stored value (defaults filled in). For code that owns the value (seeds, tests); a console
 * form saves with saveSettingsGroup, which names the version it read.
 */
export async function saveSetting<K extends SettingsKey>(
  db: Db | Tx,
  key: K,
  /** What the form sent (see SettingsInput<K>): numbers may be strings, switches "on". */
  value: unknown,
): Promise<Settings[K]> {
  return (await writeSetting(db, key, value, null)).value;
}

/**
 * The settings form's save of one group: like saveSetting, but only over the version the form
 * was opened with; a group saved since is refused (conflict "Cài đặt …", nothing written).
 * Returns the stored value and its new version.
 */
export async function saveSettingsGroup<K extends SettingsKey>(
  db: Db | Tx,
  key: K,
  value: unknown,
  version: number,
): Promise<{ value: Settings[K]; version: number }> {
  return writeSetting(db, key, value, version);
}

async function writeSetting<K extends SettingsKey>(
  db: Db | Tx,
  key: K,
  value: unknown,
  expectedVersion: number | null,
): Promise<{ value: Settings[K]; version: number }> {
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
  // No row is version 1 (the defaults), so the first write of a group makes version 2.
  const [saved] = await db
    .insert(settingsTable)
    .values({ key, value: data, version: (expectedVersion ?? 1) + 1 })
    .onConflictDoUpdate({
      target: settingsTable.key,
      set: { value: data, version: nextRowVersion(settingsTable.version), updatedAt: sql`now()` },
      where: expectedVersion === null ? undefined : eq(settingsTable.version, expectedVersion),
    })
    .returning({ version: settingsTable.version });
  // The group's row exists (the insert conflicted) and is newer than the form.
  if (!saved) throw staleRowError("Cài đặt");
  // The storefront shows the store's name, contacts, shipping threshold, exchange rate.
  await announceStorefrontChange(db, "settings");
  return { value: data, version: saved.version };
}

function isKnownKey(key: string): key is SettingsKey {
  return (settingsKeys as string[]).includes(key);
}

/**
 * Every settings group with its defaults, for a new shop (getSettings works without rows; the
 * admin sees them). A group already saved is left as it is.
 */
export async function insertDefaultSettings(tx: Tx): Promise<void> {
  const defaults = defaultSettings();
  await tx
    .insert(settingsTable)
    .values(settingsKeys.map((key) => ({ key, value: defaults[key] })))
    .onConflictDoNothing({ target: settingsTable.key });
}
