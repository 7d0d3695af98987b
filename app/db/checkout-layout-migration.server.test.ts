import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customers, orders, products, settings } from "~/db/schema";
import { getSettings } from "~/features/settings/settings.server";
import { specCheckoutLayout, vietnamCodPreset } from "~/features/settings/settings.schema";
import { migrationsFolder } from "~/server/db.server";
import { setUpTestDatabase } from "~/test/database";
import { insertCustomer, insertOrder, insertProduct } from "~/test/orders-fixture";

// Migration 0030 (issue 31, decision 0059): a new shop's checkout is the Vietnam COD preset. A shop
// that has taken orders keeps SPEC §5's form unless its merchant saved a choice; a shop without
// orders starts as a new one. The migration's own SQL runs here on each kind of shop.

const { db } = await setUpTestDatabase({ resetTables: [orders, customers, products, settings] });

const migration = readFileSync(path.join(migrationsFolder, "0030_spec_checkout_for_shops_with_orders.sql"), "utf8");

async function runMigration() {
  await db.transaction(async (tx) => {
    for (const statement of migration.split("--> statement-breakpoint")) await tx.execute(sql.raw(statement));
  });
}

async function takeAnOrder() {
  const customer = await insertCustomer(db, { firstName: "Lan", lastName: "Nguyễn", phone: "+84912345678" });
  await insertOrder(db, { customer, lines: [{ product: await insertProduct(db), quantity: 1 }] });
}

/** The seed's copy of the defaults before the preset: SPEC §5's form (no city choice yet), version 1. */
async function seededSpecRow() {
  const { city: _askedAlways, ...oldDefaults } = specCheckoutLayout;
  await db.insert(settings).values({ key: "checkout", value: { ...oldDefaults, company: "optional" } });
}

async function checkoutRow() {
  const [row] = await db
    .select({ value: settings.value, version: settings.version })
    .from(settings)
    .where(eq(settings.key, "checkout"));
  return row;
}

const spec = { ...specCheckoutLayout, company: "optional" };
const preset = { ...vietnamCodPreset, company: "optional" };
/** A choice the merchant saved in the console (a version above 1), before the city line was a choice. */
const merchantChoice = {
  nameFields: "full",
  email: "required",
  postalCode: "optional",
  company: "hidden",
  phoneFirst: false,
};

describe("a shop that has taken orders", () => {
  it("and never saved its checkout (no row: seeded before the checkout settings) gets SPEC §5's form written down", async () => {
    await takeAnOrder();
    await runMigration();
    expect(await checkoutRow()).toEqual({ value: spec, version: 2 });
    expect((await getSettings(db)).checkout).toEqual(spec);
  });

  it("and only the seed's copy of the old defaults keeps SPEC §5's form, now as its own setting", async () => {
    await seededSpecRow();
    await takeAnOrder();
    await runMigration();
    expect(await checkoutRow()).toEqual({ value: spec, version: 2 });
  });

  it("keeps the choice its merchant saved", async () => {
    await db.insert(settings).values({ key: "checkout", value: merchantChoice, version: 3 });
    await takeAnOrder();
    await runMigration();
    // The city line it showed stays (the choice came after it saved).
    expect(await checkoutRow()).toEqual({ value: { ...merchantChoice, city: "optional" }, version: 3 });
  });
});

describe("a shop without orders", () => {
  it("starts with the Vietnam COD preset: the seed's copy of the old defaults becomes the preset", async () => {
    await seededSpecRow();
    await runMigration();
    expect(await checkoutRow()).toEqual({ value: preset, version: 2 });
    expect((await getSettings(db)).checkout).toEqual(preset);
  });

  it("with no checkout row reads the preset, and nothing is written", async () => {
    await runMigration();
    expect(await checkoutRow()).toBeUndefined();
    expect((await getSettings(db)).checkout).toEqual(preset);
  });

  it("keeps the choice its merchant saved", async () => {
    await db.insert(settings).values({ key: "checkout", value: merchantChoice, version: 2 });
    await runMigration();
    expect(await checkoutRow()).toEqual({ value: { ...merchantChoice, city: "optional" }, version: 2 });
  });
});
