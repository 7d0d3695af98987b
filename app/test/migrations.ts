import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrationsFolder, rowsOf, type Db } from "~/server/db.server";

/**
 * A temporary migrations folder holding only the migrations numbered below `before` (0001 keeps
 * 0000 alone): migrated with it, a test database is as a shop was before a migration, whose own
 * test then fills it and applies the rest. The caller removes the folder.
 */
export function migrationsBefore(before: number): string {
  const folder = mkdtempSync(path.join(tmpdir(), `migrations-before-${before}-`));
  mkdirSync(path.join(folder, "meta"));
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: Array<{ tag: string }>;
  };
  journal.entries = journal.entries.filter((entry) => Number(entry.tag.slice(0, 4)) < before);
  writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify(journal));
  for (const { tag } of journal.entries)
    copyFileSync(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  return folder;
}

/**
 * A row written with raw SQL naming only the columns it gives: the database is at an older
 * migration, and the current schema's inserts name columns added since. Objects go in as jsonb.
 */
export async function insertRow(db: Db, table: string, row: Record<string, unknown>): Promise<{ id: string | number }> {
  const columns = Object.keys(row);
  const value = (v: unknown) =>
    v !== null && typeof v === "object" && !(v instanceof Date) ? sql`${JSON.stringify(v)}::jsonb` : sql`${v}`;
  const [inserted] = rowsOf<{ id: string | number }>(
    await db.execute(
      sql`insert into ${sql.identifier(table)} (${sql.join(
        columns.map((c) => sql.identifier(c)),
        sql`, `,
      )}) values (${sql.join(
        columns.map((c) => value(row[c])),
        sql`, `,
      )}) returning id`,
    ),
  );
  return inserted;
}
