import { and, eq } from "drizzle-orm";
import { sectionContent, sections } from "~/db/schema";
import type { Db, Tx } from "~/server/db.server";
import { nextRowVersion } from "~/server/row-version.server";
import { MANUAL_PDF_URL } from "./manual";

/**
 * Shops seeded before the Vietnamese manual existed have the English PDF as the Vietnamese
 * site's manual link. Points that row at the Vietnamese PDF, only while it still holds the
 * English built-in link (a link staff chose stays), and bumps the section's version so an
 * editor opened before does not save the old link back unnoticed.
 */
export async function linkVietnameseManual(db: Db | Tx): Promise<void> {
  const [manual] = await db
    .select({ id: sections.id })
    .from(sections)
    .where(and(eq(sections.pageName, "technology"), eq(sections.sectionKey, "manual")));
  if (!manual) return;
  const updated = await db
    .update(sectionContent)
    .set({ contentValue: MANUAL_PDF_URL.vi })
    .where(
      and(
        eq(sectionContent.sectionId, manual.id),
        eq(sectionContent.contentKey, "manual_url"),
        eq(sectionContent.locale, "vi"),
        eq(sectionContent.contentValue, MANUAL_PDF_URL.en),
      ),
    )
    .returning({ id: sectionContent.id });
  if (updated.length > 0) {
    await db.update(sections).set({ version: nextRowVersion(sections.version) }).where(eq(sections.id, manual.id));
  }
}
