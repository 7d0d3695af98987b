import { beforeAll, describe, expect, it } from "vitest";
import { categories, products } from "~/db/schema";
import { setUpTestDatabase } from "~/test/database";
import { getSterilizerStartingPrice } from "./technology.server";

const { db } = await setUpTestDatabase({ resetTables: [products] });
let activeId: number;
let hiddenId: number;

beforeAll(async () => {
  const [active, hidden] = await db
    .insert(categories)
    .values([
      { name: "Sterilizers", slug: "sterilizers", isActive: true },
      { name: "Hidden", slug: "hidden", isActive: false },
    ])
    .returning({ id: categories.id });
  activeId = active.id;
  hiddenId = hidden.id;
});

describe("getSterilizerStartingPrice", () => {
  it("is null when no sterilizer is on sale", async () => {
    expect(await getSterilizerStartingPrice(db)).toBeNull();
    // A product without a colour (a travel case) is not a sterilizer.
    await db.insert(products).values({ sku: "CASE", name: "Case", slug: "case", price: 290_000, categoryId: activeId });
    expect(await getSterilizerStartingPrice(db)).toBeNull();
  });

  it("is the lowest price of an active sterilizer in an active category", async () => {
    await db.insert(products).values([
      { sku: "W", name: "White", slug: "white", price: 690_000, color: "white", categoryId: activeId },
      { sku: "B", name: "Black", slug: "black", price: 650_000, color: "black", categoryId: activeId },
      { sku: "P", name: "Pink", slug: "pink", price: 100_000, color: "pink", categoryId: activeId, isActive: false },
      { sku: "X", name: "Hidden", slug: "hidden-blue", price: 90_000, color: "blue", categoryId: hiddenId },
    ]);
    expect(await getSterilizerStartingPrice(db)).toBe(650_000);
  });
});
