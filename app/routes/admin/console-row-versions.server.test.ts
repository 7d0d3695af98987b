import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { categories, discountCodes, pageSeo, sectionContent, sections } from "~/db/schema";
import { createCategory, updateCategory } from "~/features/catalog-admin/admin-categories.server";
import { listSections, saveSectionContent, setSectionActive } from "~/features/content/sections-admin.server";
import { createDiscountCode, setDiscountCodeActive, updateDiscountCode } from "~/features/discounts/discounts.server";
import { createPageSeo, deletePageSeo, updatePageSeo } from "~/features/seo/seo-admin.server";
import { getSetting, getSettingsVersions, saveSetting, saveSettingsGroup } from "~/features/settings/settings.server";
import { defaultPalette } from "~/features/theme/theme.schema";
import { getThemeForEditing, saveTheme } from "~/features/theme/theme.server";
import { ROW_VERSION_MISSING_MESSAGE, staleRowMessage } from "~/lib/row-version";
import { AppError } from "~/server/errors.server";
import { setUpTestDatabase } from "~/test/database";

/*
 * Optimistic concurrency of every console form that edits a row (issue 13 item 1, decision
 * 0014), at the services the forms call: two tabs open the same row; the first save wins and
 * raises the version; the second, naming the version its tab opened with, is refused with the
 * row's message and writes nothing. Products and orders have their own tests.
 */

const { db } = await setUpTestDatabase({ seed: "content" });

interface Editable {
  /** The row's name in the conflict message. */
  what: string;
  /** Two values a tab types into one field of the form. */
  typed: [string, string];
  /** Creates the row if needed; what a tab opening the form now reads. */
  open: () => Promise<{ version: number }>;
  /** The form's save with the version its tab opened with; the new version. */
  save: (version: unknown, value: string) => Promise<number>;
  /** The value of that field in the database, and the row's version. */
  stored: () => Promise<{ value: string | null; version: number }>;
}

let categoryId = 0;
let discountId = 0;
let seoId = 0;
const discountForm = {
  code: "HAITAB",
  description: "",
  type: "percent",
  value: "10",
  minOrderTotal: "0",
  startsAt: "",
  endsAt: "",
  usageLimit: "",
  isActive: "on",
};
const seoForm = {
  pagePath: "/hai-tab",
  metaDescription: "",
  keywords: "",
  canonicalUrl: "",
  ogImage: "",
  structuredData: "",
};
const heroHeading = async () => {
  const hero = (await listSections(db, "home")).find((s) => s.sectionKey === "hero")!;
  return { hero, heading: hero.content.find((c) => c.contentKey === "heading")! };
};

const editables: Record<string, Editable> = {
  category: {
    what: "Danh mục",
    typed: ["Tab A", "Tab B"],
    open: async () => {
      if (categoryId === 0) categoryId = (await createCategory(db, { name: "Hai tab", slug: "hai-tab" })).id;
      const [row] = await db.select().from(categories).where(eq(categories.id, categoryId));
      return row;
    },
    save: async (version, value) =>
      (await updateCategory(db, categoryId, { name: value, slug: "hai-tab", version })).version,
    stored: async () => {
      const [row] = await db.select().from(categories).where(eq(categories.id, categoryId));
      return { value: row.name, version: row.version };
    },
  },
  "discount code": {
    what: "Mã giảm giá",
    typed: ["Tab A", "Tab B"],
    open: async () => {
      if (discountId === 0) discountId = (await createDiscountCode(db, discountForm)).id;
      const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, discountId));
      return row;
    },
    save: async (version, value) =>
      (await updateDiscountCode(db, discountId, { ...discountForm, description: value, version })).version,
    stored: async () => {
      const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, discountId));
      return { value: row.description, version: row.version };
    },
  },
  "page section": {
    what: "Nội dung trang",
    typed: ["Tab A", "Tab B"],
    open: async () => (await heroHeading()).hero,
    save: async (version, value) => {
      const { hero, heading } = await heroHeading();
      return (await saveSectionContent(db, { id: hero.id, version: Number(version) }, [{ id: heading.id, value }]))
        .version;
    },
    stored: async () => {
      const { hero, heading } = await heroHeading();
      const [row] = await db.select().from(sectionContent).where(eq(sectionContent.id, heading.id));
      return { value: row.contentValue, version: hero.version };
    },
  },
  "settings group": {
    what: "Cài đặt",
    typed: ["Tab A", "Tab B"],
    // The store group has no row yet: both tabs read version 1 of the defaults.
    open: async () => ({ version: (await getSettingsVersions(db)).store }),
    save: async (version, value) =>
      (await saveSettingsGroup(db, "store", { storeName: value }, Number(version))).version,
    stored: async () => ({
      value: (await getSetting(db, "store")).storeName,
      version: (await getSettingsVersions(db)).store,
    }),
  },
  "page SEO": {
    what: "SEO trang",
    typed: ["Tab A", "Tab B"],
    open: async () => {
      if (seoId === 0) seoId = (await createPageSeo(db, { ...seoForm, metaTitle: "" })).id;
      const [row] = await db.select().from(pageSeo).where(eq(pageSeo.id, seoId));
      return row;
    },
    save: async (version, value) => (await updatePageSeo(db, seoId, { ...seoForm, metaTitle: value, version })).version,
    stored: async () => {
      const [row] = await db.select().from(pageSeo).where(eq(pageSeo.id, seoId));
      return { value: row.metaTitle, version: row.version };
    },
  },
  theme: {
    what: "Giao diện",
    typed: ["#111111", "#222222"],
    // No theme row yet: both tabs read version 1 of the default palette.
    open: () => getThemeForEditing(db),
    save: async (version, value) => (await saveTheme(db, { ...defaultPalette, teal: value, version })).version,
    stored: async () => {
      const { palette, version } = await getThemeForEditing(db);
      return { value: palette.teal, version };
    },
  },
};

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe.each(Object.entries(editables))("a %s edited in two tabs", (_name, editable) => {
  it("saves over the version the form opened with, raises it, and refuses the other tab's stale save", async () => {
    const [typedInA, typedInB] = editable.typed;
    const tabA = await editable.open();
    const tabB = await editable.open();
    expect(tabB.version).toBe(tabA.version);

    const afterA = await editable.save(tabA.version, typedInA);
    expect(afterA).toBe(tabA.version + 1);
    expect(await editable.stored()).toEqual({ value: typedInA, version: afterA });

    const stale = await refusal(editable.save(tabB.version, typedInB));
    expect(stale.kind).toBe("conflict");
    expect(stale.message).toBe(staleRowMessage(editable.what));
    expect(stale.fieldErrors).toEqual({ version: staleRowMessage(editable.what) });
    expect(await editable.stored()).toEqual({ value: typedInA, version: afterA });

    // Tab A saves again without reloading; tab B, reloaded, sees A's value and saves over it.
    const againA = await editable.save(afterA, typedInA);
    expect(againA).toBe(afterA + 1);
    const reloadedB = await editable.open();
    expect(reloadedB.version).toBe(againA);
    expect(await editable.save(reloadedB.version, typedInB)).toBe(againA + 1);
    expect(await editable.stored()).toEqual({ value: typedInB, version: againA + 1 });
  });
});

// These services read the version from the posted form themselves; the sections and settings
// routes read it with readRowVersion and pass a number (their route tests post without one).
const readingTheForm = ["category", "discount code", "page SEO", "theme"].map(
  (name) => [name, editables[name]] as const,
);

describe.each(readingTheForm)("a %s form without its version", (_name, editable) => {
  it("is refused as a stale form, writing nothing", async () => {
    const before = await editable.stored();
    for (const version of [undefined, "", "abc", "0", "-1", "1.5"]) {
      const error = await refusal(editable.save(version, editable.typed[0]));
      expect(error).toMatchObject({ kind: "invalid", fieldErrors: { version: ROW_VERSION_MISSING_MESSAGE } });
    }
    expect(await editable.stored()).toEqual(before);
  });
});

describe("writes that are not a form's save", () => {
  it("switching a discount code on or off raises its version, so an edit dialog opened before is refused", async () => {
    const [opened] = await db.select().from(discountCodes).where(eq(discountCodes.id, discountId));
    const switched = await setDiscountCodeActive(db, discountId, !opened.isActive);
    expect(switched.version).toBe(opened.version + 1);
    const stale = await refusal(
      updateDiscountCode(db, discountId, {
        ...discountForm,
        isActive: opened.isActive ? "on" : "",
        version: opened.version,
      }),
    );
    expect(stale.message).toBe(staleRowMessage("Mã giảm giá"));
    const [after] = await db.select().from(discountCodes).where(eq(discountCodes.id, discountId));
    expect(after.isActive).toBe(!opened.isActive);
  });

  it("a section's show/hide switch leaves its content version alone (the editor never writes it)", async () => {
    const { hero } = await heroHeading();
    await setSectionActive(db, hero.id, !hero.isActive);
    const [after] = await db.select().from(sections).where(eq(sections.id, hero.id));
    expect(after).toMatchObject({ isActive: !hero.isActive, version: hero.version });
  });

  it("a settings write by code (saveSetting) raises the group's version too", async () => {
    const before = (await getSettingsVersions(db)).currency;
    await saveSetting(db, "currency", { usdExchangeRate: 25_000 });
    expect((await getSettingsVersions(db)).currency).toBe(before + 1);
    const stale = await refusal(saveSettingsGroup(db, "currency", { usdExchangeRate: 26_000 }, before));
    expect(stale.message).toBe(staleRowMessage("Cài đặt"));
    expect((await getSetting(db, "currency")).usdExchangeRate).toBe(25_000);
  });

  it("a row deleted since the form opened is not found, not a conflict", async () => {
    const [row] = await db.select().from(pageSeo).where(eq(pageSeo.id, seoId));
    await deletePageSeo(db, seoId);
    const gone = await refusal(updatePageSeo(db, seoId, { ...seoForm, metaTitle: "x", version: row.version }));
    expect(gone.kind).toBe("not_found");
  });
});
