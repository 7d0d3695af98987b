import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { sectionContent, sections } from "~/db/schema";
import { seedContent } from "~/features/seed/content-seed.server";
import { setUpTestDatabase } from "~/test/database";
import { MANUAL_PDF_URL } from "./manual";
import { linkVietnameseManual } from "./manual.server";

const { db } = await setUpTestDatabase({ resetTables: [sectionContent, sections] });

async function manualSection() {
  const [section] = await db
    .select({ id: sections.id, version: sections.version })
    .from(sections)
    .where(and(eq(sections.pageName, "technology"), eq(sections.sectionKey, "manual")));
  const rows = await db
    .select({ locale: sectionContent.locale, value: sectionContent.contentValue })
    .from(sectionContent)
    .where(and(eq(sectionContent.sectionId, section.id), eq(sectionContent.contentKey, "manual_url")));
  const link = Object.fromEntries(rows.map((row) => [row.locale, row.value]));
  return { ...section, link };
}

async function setVietnameseLink(value: string) {
  const { id } = await manualSection();
  await db
    .update(sectionContent)
    .set({ contentValue: value })
    .where(and(eq(sectionContent.sectionId, id), eq(sectionContent.contentKey, "manual_url"), eq(sectionContent.locale, "vi")));
}

beforeEach(async () => {
  await seedContent(db);
});

describe("linkVietnameseManual", () => {
  it("a fresh seed already links each language's PDF, and nothing changes", async () => {
    const before = await manualSection();
    expect(before.link).toEqual({ vi: MANUAL_PDF_URL.vi, en: MANUAL_PDF_URL.en });
    await linkVietnameseManual(db);
    expect(await manualSection()).toEqual(before);
  });

  it("moves a shop seeded before from the English PDF to the Vietnamese one, bumping the version", async () => {
    await setVietnameseLink(MANUAL_PDF_URL.en);
    const before = await manualSection();
    await linkVietnameseManual(db);
    const after = await manualSection();
    expect(after.link).toEqual({ vi: MANUAL_PDF_URL.vi, en: MANUAL_PDF_URL.en });
    expect(after.version).toBe(before.version + 1);
  });

  it("keeps a link staff chose", async () => {
    await setVietnameseLink("https://example.com/huong-dan.pdf");
    await linkVietnameseManual(db);
    expect((await manualSection()).link.vi).toBe("https://example.com/huong-dan.pdf");
  });
});
