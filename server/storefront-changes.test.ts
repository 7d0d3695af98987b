import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placeOrder } from "~/features/checkout/place-order.server";
import { checkoutInput, createProduct } from "~/test/checkout-fixtures";
import { listSections, setSectionActive } from "~/features/content/sections-admin.server";
import { changeStatus, TEST_EMAIL_LINKS } from "~/test/orders-fixture";
import { createPageSeo } from "~/features/seo/seo-admin.server";
import { saveSetting } from "~/features/settings/settings.server";
import { defaultPalette } from "~/features/theme/theme.schema";
import { getThemeForEditing, saveTheme } from "~/features/theme/theme.server";
import { getEventHub, STOREFRONT_CHANGED_CHANNEL } from "~/server/events.server";
import { createCategory } from "~/features/catalog-admin/admin-categories.server";
import { setUpTestDatabase } from "~/test/database";

const database = await setUpTestDatabase({ seed: "content" });
const { db } = database;
const received: string[] = [];

beforeAll(async () => {
  await getEventHub(database).subscribe(STOREFRONT_CHANGED_CHANNEL, (payload) => received.push(payload));
});

afterAll(async () => {
  await getEventHub(database).close();
});

/** The notifications that arrive while `change` runs, up to a marker sent after it (delivery keeps commit order). */
async function announcedBy(change: () => Promise<unknown>): Promise<string[]> {
  received.length = 0;
  await change();
  const marker = `content:marker-${randomUUID()}`;
  await db.execute(`select pg_notify('${STOREFRONT_CHANGED_CHANNEL}', '${marker}')`);
  const deadline = Date.now() + 10_000;
  while (!received.includes(marker)) {
    if (Date.now() > deadline) throw new Error(`no notification arrived: ${received.join(", ")}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return received.slice(0, received.indexOf(marker));
}

const order = (productId: number, quantity: number) => checkoutInput([{ productId, quantity }]);

describe("storefront_changed", () => {
  it("is announced by every admin change a storefront page shows", async () => {
    expect(await announcedBy(() => saveSetting(db, "currency", { usdExchangeRate: 26_000 }))).toEqual(["settings"]);
    const { version: themeVersion } = await getThemeForEditing(db);
    expect(await announcedBy(() => saveTheme(db, { ...defaultPalette, version: themeVersion }))).toEqual(["theme"]);
    expect(
      await announcedBy(() =>
        createPageSeo(db, {
          pagePath: "/about",
          metaTitle: "About",
          metaDescription: "",
          keywords: "",
          canonicalUrl: "",
          ogImage: "",
          structuredData: "",
        }),
      ),
    ).toEqual(["seo"]);
    expect(
      await announcedBy(() =>
        createCategory(db, { name: "Máy", slug: "may", description: "", isActive: true, sortOrder: 0 }),
      ),
    ).toEqual(["catalog"]);
    const [section] = await listSections(db, "home");
    expect(await announcedBy(() => setSectionActive(db, section.id, false))).toEqual(["content:home"]);
  });

  it("is announced by an order only when it changes the stock a page shows", async () => {
    const categoryId = (
      await createCategory(db, { name: "Kho", slug: "kho", description: "", isActive: true, sortOrder: 0 })
    ).id;
    const plenty = await createProduct(db, categoryId, { stockQuantity: 100, lowStockThreshold: 5 });
    const few = await createProduct(db, categoryId, { stockQuantity: 7, lowStockThreshold: 5 });

    expect(await announcedBy(() => placeOrder(db, order(plenty, 2), { links: TEST_EMAIL_LINKS }))).toEqual([]);
    expect(await announcedBy(() => placeOrder(db, order(few, 1), { links: TEST_EMAIL_LINKS }))).toEqual([]); // 7 → 6: still above the threshold
    let placed: { id: string } | undefined;
    expect(
      await announcedBy(async () => {
        placed = await placeOrder(db, order(few, 2), { links: TEST_EMAIL_LINKS }); // 6 → 4: "Chỉ còn 4 sản phẩm"
      }),
    ).toEqual(["stock"]);
    const actor = { userId: null, name: "Admin" };
    expect(await announcedBy(() => changeStatus(db, placed!.id, "cancelled", actor))).toEqual(["stock"]); // back to 6
    expect(await announcedBy(() => changeStatus(db, placed!.id, "pending", actor))).toEqual(["stock"]); // 4 again
  });

  it("is not announced by a refused change", async () => {
    const sent = await announcedBy(() =>
      saveTheme(db, { ...defaultPalette, teal: "not a colour", version: 1 }).catch(() => null),
    );
    expect(sent).toEqual([]);
  });
});
