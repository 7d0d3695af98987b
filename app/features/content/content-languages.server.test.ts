import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedContent } from "~/features/seed/content-seed.server";
import { rowsOf } from "~/server/db.server";
import { createTestDatabase, type TestDatabase } from "~/test/database";
import { migrationsBefore } from "~/test/migrations";
import { getPageContent } from "./content.server";
import { contentDefaultsVi } from "./defaults-vi";

/**
 * A shop seeded before page content had two languages (migrations up to 0007): its text rows
 * were the English built-in content (or edits of it). Migration 0009 makes them the English
 * site's; the seed step then writes the Vietnamese rows beside them.
 */
describe("page content written before two languages", () => {
  let database: TestDatabase;
  let beforeLanguages: string;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    beforeLanguages = migrationsBefore(8);
  });
  afterAll(async () => {
    await database?.close();
    rmSync(beforeLanguages, { recursive: true, force: true });
  });

  it("keeps the old texts for the English site, images for both, and adds the Vietnamese texts", async () => {
    await database.migrate(beforeLanguages);
    const { db } = database;
    const [hero] = rowsOf<{ id: number }>(
      await db.execute(
        sql`insert into sections (page_name, section_key, section_order) values ('home', 'hero', 0) returning id`,
      ),
    );
    await db.execute(sql`insert into section_content (section_id, content_key, content_type, content_value) values
      (${hero.id}, 'heading', 'text', 'Our own English heading'),
      (${hero.id}, 'background_image', 'image', '/images/hero/ours.svg')`);

    await database.migrate();
    const locales = rowsOf<{ key: string; locale: string }>(
      await db.execute(sql`select content_key as key, locale from section_content order by content_key`),
    );
    expect(locales).toEqual([
      { key: "background_image", locale: "vi" },
      { key: "heading", locale: "en" },
    ]);

    await seedContent(db);
    const english = await getPageContent(db, "home", { locale: "en" });
    const vietnamese = await getPageContent(db, "home");
    expect(english.sections.hero.content.heading).toBe("Our own English heading");
    expect(vietnamese.sections.hero.content.heading).toBe(contentDefaultsVi.home.hero.heading);
    expect(english.sections.hero.content.background_image).toBe("/images/hero/ours.svg");
    expect(vietnamese.sections.hero.content.background_image).toBe("/images/hero/ours.svg");
  });
});
