import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pageSeo, settings as settingsTable, theme } from "~/db/schema";
import { getStorefrontPageSeo } from "~/features/seo/seo.server";
import { getStorefrontSettings, saveSetting } from "~/features/settings/settings.server";
import { getStorefrontTheme, getThemeForEditing, saveTheme } from "~/features/theme/theme.server";
import { dropStorefrontCaches } from "~/server/storefront-events.server";
import { setUpTestDatabase } from "~/test/database";

const { db } = await setUpTestDatabase({ seed: "content" });

describe("storefront reads cached until the next storefront change", () => {
  it("keeps the settings until they are saved, then reads the saved ones", async () => {
    const before = await getStorefrontSettings(db);
    // Written behind the cache's back (no announcement): still the cached value.
    await db
      .update(settingsTable)
      .set({ value: { ...before.currency, usdExchangeRate: 12_345 } })
      .where(eq(settingsTable.key, "currency"));
    expect((await getStorefrontSettings(db)).currency.usdExchangeRate).toBe(before.currency.usdExchangeRate);
    // Saving announces a storefront change: the next read is fresh.
    await saveSetting(db, "currency", { usdExchangeRate: 27_000 });
    expect((await getStorefrontSettings(db)).currency.usdExchangeRate).toBe(27_000);
  });

  it("drops the theme and a path's SEO row on a change heard from another instance", async () => {
    const palette = await getStorefrontTheme(db);
    const seo = await getStorefrontPageSeo(db, "/shop");
    const changed = { ...palette, teal: "#123456" };
    await db
      .insert(theme)
      .values({ id: 1, palette: changed })
      .onConflictDoUpdate({ target: theme.id, set: { palette: changed } });
    await db.delete(pageSeo).where(eq(pageSeo.pagePath, "/shop"));
    expect(await getStorefrontTheme(db)).toEqual(palette);
    expect(await getStorefrontPageSeo(db, "/shop")).toEqual(seo);
    // What listenForStorefrontChanges does with a notification from another process.
    dropStorefrontCaches("seo");
    expect((await getStorefrontTheme(db)).teal).toBe("#123456");
    expect(await getStorefrontPageSeo(db, "/shop")).toBeNull();
    const { version } = await getThemeForEditing(db);
    await saveTheme(db, { ...palette, version });
    expect(await getStorefrontTheme(db)).toEqual(palette);
  });
});
