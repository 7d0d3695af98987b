import { isDeepStrictEqual } from "node:util";
import { and, eq } from "drizzle-orm";
import { sectionContent, sections } from "~/db/schema";
import type { Locale } from "~/lib/i18n/locale";
import type { Db, Tx } from "~/server/db.server";
import { announceStorefrontChange } from "~/server/storefront-events.server";
import { contentDefaults } from "./defaults";
import { contentDefaultsVi } from "./defaults-vi";

/*
 * The home page's "Cảm nhận khách hàng" as seeded are invented customers (issue 31): sample
 * content a demo shop may show, a live shop may not. Going live hides the section while its
 * quotes are still the seeded ones; quotes the merchant wrote are theirs and stay (decision 0053).
 */

const PAGE = "home";
const SECTION = "testimonials";
const QUOTES_KEY = "testimonials";

const seededQuotes: Record<Locale, unknown> = {
  vi: contentDefaultsVi.home.testimonials.testimonials,
  en: contentDefaults.home.testimonials.testimonials,
};

/** A stored value the storefront would show as the seeded quotes: missing or broken (it falls back to them), or equal. */
function isSeeded(locale: Locale, value: string | null | undefined): boolean {
  if (value === null || value === undefined) return true;
  try {
    return isDeepStrictEqual(JSON.parse(value), seededQuotes[locale]);
  } catch {
    return true;
  }
}

/**
 * The home page's testimonials section when it is shown with the seeded quotes in every
 * language; null when it is hidden, gone, or carries quotes the merchant wrote.
 */
export async function shownSampleTestimonials(db: Db | Tx): Promise<{ sectionId: number } | null> {
  const [section] = await db
    .select({ id: sections.id, isActive: sections.isActive })
    .from(sections)
    .where(and(eq(sections.pageName, PAGE), eq(sections.sectionKey, SECTION)));
  if (!section?.isActive) return null;
  const rows = await db
    .select({ locale: sectionContent.locale, value: sectionContent.contentValue })
    .from(sectionContent)
    .where(and(eq(sectionContent.sectionId, section.id), eq(sectionContent.contentKey, QUOTES_KEY)));
  const valueOf = new Map(rows.map((row) => [row.locale, row.value]));
  const seeded = (["vi", "en"] as const).every((locale) => isSeeded(locale, valueOf.get(locale)));
  return seeded ? { sectionId: section.id } : null;
}

/** Hides the section while it shows the seeded quotes (the rows stay for the merchant's own). True when it hid it. */
export async function hideSampleTestimonials(db: Db | Tx): Promise<boolean> {
  const shown = await shownSampleTestimonials(db);
  if (!shown) return false;
  await db.update(sections).set({ isActive: false }).where(eq(sections.id, shown.sectionId));
  await announceStorefrontChange(db, `content:${PAGE}`);
  return true;
}
