import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { sectionContent, sections } from "~/db/schema";
import type { Db } from "~/server/db.server";
import { dropStorefrontCaches } from "~/server/storefront-events.server";
import { setUpTestDatabase } from "~/test/database";
import { STOREFRONT_CACHE_TTL_MS } from "~/server/ttl-cache.server";
import { getPageContent, invalidateContentCache } from "./content.server";
import { defaultContentRows, seedContent } from "~/features/seed/content-seed.server";
import { contentDefaults, pageNames } from "./defaults";
import { contentDefaultsVi } from "./defaults-vi";

const { db } = await setUpTestDatabase({ resetTables: [sectionContent, sections] });

beforeEach(async () => {
  invalidateContentCache();
});

/** Saves a content value: in both languages, or only in the one given. */
async function setValue(pageName: string, sectionKey: string, contentKey: string, contentValue: string, locale?: "vi" | "en") {
  const [section] = await db
    .select({ id: sections.id })
    .from(sections)
    .where(and(eq(sections.pageName, pageName), eq(sections.sectionKey, sectionKey)));
  const row = and(eq(sectionContent.sectionId, section.id), eq(sectionContent.contentKey, contentKey));
  await db
    .update(sectionContent)
    .set({ contentValue })
    .where(locale ? and(row, eq(sectionContent.locale, locale)) : row);
  invalidateContentCache(pageName as "home");
}

async function setSection(pageName: string, sectionKey: string, values: { isActive?: boolean; sectionOrder?: number }) {
  await db
    .update(sections)
    .set(values)
    .where(and(eq(sections.pageName, pageName), eq(sections.sectionKey, sectionKey)));
  invalidateContentCache();
}

const homeOrder = [
  "hero",
  "brand_description",
  "color_chooser",
  "how_it_works",
  "why_choose",
  "lifestyle_benefits",
  "testimonials",
  "trust_indicators",
  "instagram_gallery",
];

describe("getPageContent", () => {
  it("serves the built-in defaults when there are no rows", async () => {
    const home = await getPageContent(db, "home");
    expect(home.order).toEqual(homeOrder);
    for (const key of homeOrder) {
      const section = home.sections[key as keyof typeof home.sections];
      expect(section.isActive).toBe(true);
      expect(section.content).toEqual(contentDefaultsVi.home[key as keyof typeof contentDefaultsVi.home]);
    }
    expect(home.sections.how_it_works.content.steps).toHaveLength(3);
    expect(home.sections.why_choose.content.features).toHaveLength(4);
    expect(home.sections.lifestyle_benefits.content.benefits).toHaveLength(3);
    expect(home.sections.testimonials.content.testimonials).toHaveLength(3);
    expect(home.sections.trust_indicators.content.indicators).toHaveLength(4);
    expect(home.sections.instagram_gallery.content.images).toHaveLength(8);

    const about = await getPageContent(db, "about");
    expect(about.order).toEqual(["intro", "mission", "technology", "why_choose"]);
    expect(Array.isArray(about.sections.why_choose.content.items)).toBe(true);

    const technology = await getPageContent(db, "technology");
    expect(technology.order).toEqual([
      "hero",
      "how_it_works",
      "benefits",
      "specifications",
      "warranty",
      "manual",
      "cta",
    ]);
    expect(technology.sections.manual.content.manual_url).toBe("/downloads/huong-dan-su-dung-may-tiet-trung-uvc.pdf");
    const english = await getPageContent(db, "technology", { locale: "en" });
    expect(english.sections.manual.content.manual_url).toBe("/downloads/uvc-sterilizer-user-manual.pdf");
  });

  it("seeded content reads back exactly as the defaults, in each language", async () => {
    await seedContent(db);
    for (const [locale, defaults] of [["vi", contentDefaultsVi], ["en", contentDefaults]] as const) {
      for (const page of pageNames) {
        const content = await getPageContent(db, page, { locale });
        for (const [key, section] of Object.entries(content.sections as Record<string, { content: unknown }>)) {
          expect(section.content, `${locale} ${page}/${key}`).toEqual((defaults[page] as Record<string, unknown>)[key]);
        }
      }
    }
  });

  it("a saved text or JSON row overrides the default", async () => {
    await seedContent(db);
    await setValue("home", "hero", "heading", "Sạch khuẩn mỗi ngày");
    const steps = [
      { number: 1, title: "Một", description: "Bước một" },
      { number: 2, title: "Hai", description: "Bước hai" },
    ];
    await setValue("home", "how_it_works", "steps", JSON.stringify(steps));
    const home = await getPageContent(db, "home");
    expect(home.sections.hero.content.heading).toBe("Sạch khuẩn mỗi ngày");
    expect(home.sections.hero.content.description).toBe(contentDefaultsVi.home.hero.description);
    expect(home.sections.how_it_works.content.steps).toEqual(steps);
  });

  it("a row of a section with only some keys keeps the defaults for the others", async () => {
    const [section] = await db
      .insert(sections)
      .values({ pageName: "home", sectionKey: "testimonials", sectionOrder: 6, isActive: true })
      .returning({ id: sections.id });
    await db
      .insert(sectionContent)
      .values({ sectionId: section.id, contentKey: "heading", contentType: "text", contentValue: "Khách hàng nói gì" });
    const home = await getPageContent(db, "home");
    expect(home.sections.testimonials.content.heading).toBe("Khách hàng nói gì");
    expect(home.sections.testimonials.content.testimonials).toEqual(contentDefaultsVi.home.testimonials.testimonials);
    expect(home.order).toEqual(homeOrder);
  });

  it("hides an inactive section", async () => {
    await seedContent(db);
    await setSection("home", "testimonials", { isActive: false });
    const home = await getPageContent(db, "home");
    expect(home.order).not.toContain("testimonials");
    expect(home.order).toHaveLength(8);
    expect(home.sections.testimonials.isActive).toBe(false);
  });

  it("falls back to the default for malformed JSON, a wrong shape, a blank value or a bad colour", async () => {
    await seedContent(db);
    await setValue("home", "why_choose", "features", "[{ not json");
    await setValue("home", "how_it_works", "steps", JSON.stringify([{ title: 42 }]));
    await setValue("home", "testimonials", "testimonials", JSON.stringify({ not: "an array" }));
    await setValue("home", "hero", "heading", "   ");
    await setValue("top_bar", "announcement", "background_color", "red; background: url(x)");
    await setValue("home", "hero", "background_image", "javascript:alert(1)");
    const warnings: object[] = [];
    const logger = { warn: (obj: object) => warnings.push(obj), error: () => {} };
    const home = await getPageContent(db, "home", { logger });
    expect(home.sections.why_choose.content.features).toEqual(contentDefaultsVi.home.why_choose.features);
    expect(home.sections.how_it_works.content.steps).toEqual(contentDefaultsVi.home.how_it_works.steps);
    expect(home.sections.testimonials.content.testimonials).toEqual(contentDefaultsVi.home.testimonials.testimonials);
    expect(home.sections.hero.content.heading).toBe(contentDefaultsVi.home.hero.heading);
    expect(home.sections.hero.content.background_image).toBe(contentDefaultsVi.home.hero.background_image);
    expect(warnings.length).toBeGreaterThanOrEqual(4);
    const topBar = await getPageContent(db, "top_bar");
    expect(topBar.sections.announcement.content.background_color).toBe(
      contentDefaultsVi.top_bar.announcement.background_color,
    );
  });

  it("orders sections by section_order", async () => {
    await seedContent(db);
    for (const [index, key] of homeOrder.entries()) {
      await setSection("home", key, { sectionOrder: homeOrder.length - index });
    }
    const home = await getPageContent(db, "home");
    expect(home.order).toEqual([...homeOrder].reverse());
    expect(home.sections.hero.order).toBe(9);
  });

  it("reads a page in one query and caches it until invalidated or expired", async () => {
    await seedContent(db);
    let queries = 0;
    const counting = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === "select") queries += 1;
        return Reflect.get(target, prop, receiver);
      },
    });
    let now = 1_000;
    const clock = { now: () => now };
    const first = await getPageContent(counting, "home", clock);
    expect(queries).toBe(1);

    await db.update(sections).set({ isActive: false }).where(eq(sections.sectionKey, "hero"));
    const cached = await getPageContent(counting, "home", clock);
    expect(cached).toBe(first);
    expect(queries).toBe(1);

    invalidateContentCache("home");
    const fresh = await getPageContent(counting, "home", clock);
    expect(queries).toBe(2);
    expect(fresh.order).not.toContain("hero");

    // Registered with the storefront signal: another page's change keeps it, its own or any other change drops it.
    await getPageContent(counting, "home", clock);
    dropStorefrontCaches("content:about");
    await getPageContent(counting, "home", clock);
    expect(queries).toBe(2);
    dropStorefrontCaches("content:home");
    await getPageContent(counting, "home", clock);
    expect(queries).toBe(3);
    dropStorefrontCaches("theme");
    await getPageContent(counting, "home", clock);
    expect(queries).toBe(4);

    now += STOREFRONT_CACHE_TTL_MS + 1;
    await getPageContent(counting, "home", clock);
    expect(queries).toBe(5);
  });

  it("serves the defaults when the database fails, after one retry, without caching the fallback", async () => {
    let attempts = 0;
    const broken = {
      select: () => {
        attempts += 1;
        throw new Error("connection refused");
      },
    } as unknown as Db;
    const errors: object[] = [];
    const logger = { warn: () => {}, error: (obj: object) => errors.push(obj) };
    const home = await getPageContent(broken, "home", { logger });
    expect(home.order).toEqual(homeOrder);
    expect(home.sections.hero.content).toEqual(contentDefaultsVi.home.hero);
    expect(attempts).toBe(2);
    expect(errors).toHaveLength(1);
    await getPageContent(broken, "home", { logger });
    expect(attempts).toBe(4);
  });
});

describe("two languages", () => {
  it("serves each language's built-in content when there are no rows", async () => {
    expect((await getPageContent(db, "home")).sections.hero.content).toEqual(contentDefaultsVi.home.hero);
    expect((await getPageContent(db, "home", { locale: "en" })).sections.hero.content).toEqual(contentDefaults.home.hero);
  });

  it("shows the English value on the English site, the Vietnamese one where the English is empty", async () => {
    await seedContent(db);
    await setValue("home", "hero", "heading", "Clean every day", "en");
    await setValue("home", "hero", "description", "", "en");
    const vietnamese = await getPageContent(db, "home");
    const english = await getPageContent(db, "home", { locale: "en" });
    expect(english.sections.hero.content.heading).toBe("Clean every day");
    expect(vietnamese.sections.hero.content.heading).toBe(contentDefaultsVi.home.hero.heading);
    expect(english.sections.hero.content.description).toBe(contentDefaultsVi.home.hero.description);
  });

  it("keeps one image and colour row for both languages", async () => {
    await seedContent(db);
    const rows = await db
      .select({ locale: sectionContent.locale, key: sectionContent.contentKey })
      .from(sectionContent)
      .where(eq(sectionContent.contentType, "image"));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.locale === "vi")).toBe(true);
    await setValue("home", "hero", "background_image", "/images/hero/other.svg");
    expect((await getPageContent(db, "home", { locale: "en" })).sections.hero.content.background_image).toBe(
      "/images/hero/other.svg",
    );
  });
});

describe("seedContent", () => {
  it("writes every default section and content row, and is idempotent without overwriting edits", async () => {
    await seedContent(db);
    const expected = defaultContentRows();
    const count = async () => {
      const [s] = await db.select({ n: sql<number>`count(*)::int` }).from(sections);
      const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(sectionContent);
      return { sections: s.n, content: c.n };
    };
    const first = await count();
    expect(first.sections).toBe(expected.length);
    expect(first.content).toBe(expected.reduce((n, s) => n + s.content.length, 0));

    await setValue("home", "hero", "heading", "Edited");
    await seedContent(db);
    expect(await count()).toEqual(first);
    const home = await getPageContent(db, "home");
    expect(home.sections.hero.content.heading).toBe("Edited");

    const [row] = await db
      .select({ contentType: sectionContent.contentType })
      .from(sectionContent)
      .innerJoin(sections, eq(sections.id, sectionContent.sectionId))
      .where(
        and(
          eq(sections.sectionKey, "why_choose"),
          eq(sections.pageName, "home"),
          eq(sectionContent.contentKey, "features"),
        ),
      );
    expect(row.contentType).toBe("json");
  });

  it("fills in sections missing from an older seed", async () => {
    await seedContent(db);
    await db.delete(sections).where(and(eq(sections.pageName, "home"), eq(sections.sectionKey, "instagram_gallery")));
    await seedContent(db);
    const home = await getPageContent(db, "home");
    expect(home.order).toContain("instagram_gallery");
    const [s] = await db.select({ n: sql<number>`count(*)::int` }).from(sections);
    expect(s.n).toBe(defaultContentRows().length);
  });
});
