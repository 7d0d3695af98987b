import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { createCategory } from "~/features/catalog-admin/admin-categories.server";
import { setUpTestDatabase } from "~/test/database";
import { callRoute } from "~/test/route-call";
import * as collectionPage from "./collection";

// Issue 19 item 7: SPEC §2's other names of the seeded collections answer with a permanent
// redirect to the collection, not a 404.
const BASE = "http://localhost:3000";
const database = await setUpTestDatabase({ seed: "shop-without-content" });
const context = { database } as unknown as AppLoadContext;

function load(pathname: string) {
  const url = new URL(pathname, BASE);
  const [, , category = ""] = url.pathname.replace(/^\/en/, "").split("/");
  return callRoute(collectionPage.loader, new Request(url), context, { category });
}

describe("a collection's address", () => {
  it("leads tablets and gift-boxes to sterilizers and bundles, in either language, keeping the filters", async () => {
    const tablets = await load("/collections/tablets?color=pink");
    expect(tablets.status).toBe(301);
    expect(tablets.headers.get("location")).toBe("/collections/sterilizers?color=pink");
    const giftBoxes = await load("/en/collections/gift-boxes");
    expect(giftBoxes.status).toBe(301);
    expect(giftBoxes.headers.get("location")).toBe("/en/collections/bundles");
    expect((await load("/collections/sterilizers")).status).toBe(200);
    expect((await load("/collections/no-such-thing")).status).toBe(404);
    expect((await load("/collections/constructor")).status).toBe(404);
  });

  it("is the shop's own category when one has the alias's slug", async () => {
    // Through the console's service: a new category is a storefront change, so nothing cached stays.
    await createCategory(database.db, { name: "Viên tiệt trùng", slug: "tablets", isActive: "on", displayOrder: "9" });
    const tablets = await load("/collections/tablets");
    expect(tablets.status).toBe(200);
    expect((tablets.body as { category: { name: string } }).category.name).toBe("Viên tiệt trùng");
  });
});
