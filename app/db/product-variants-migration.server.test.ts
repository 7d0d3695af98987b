import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { rowsOf, type Db } from "~/server/db.server";
import { createTestDatabase, type TestDatabase } from "~/test/database";
import { insertRow, migrationsBefore } from "~/test/migrations";

// Migration 0020 (decision 0038): a shop whose colours were separate products linked by
// variant_group gets one product with those colours as its variants, and nothing that pointed
// at a colour (orders, stock, shop stock) moves.

let database: TestDatabase;
let before0020: string;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  before0020 = migrationsBefore(20);
});

afterAll(async () => {
  await database?.close();
  rmSync(before0020, { recursive: true, force: true });
});

/** A row's id, written with raw SQL (the schema in code is newer). */
async function insertId(db: Db, table: string, row: Record<string, unknown>): Promise<number> {
  return Number((await insertRow(db, table, row)).id);
}

it("turns a colour group into one product with its colours as variants; orders keep pointing at the colours", async () => {
  await database.migrate(before0020);
  const db = database.db;
  const category = await insertId(db, "categories", { name: "Máy tiệt trùng UVC", slug: "sterilizers" });
  const colours = [
    ["WHT", "Trắng", "White", 690_000, 120, 1280],
    ["BLK", "Đen", "Black", 690_000, 85, 940],
    ["PNK", "Hồng", "Pink", 650_000, 0, 610],
  ] as const;
  const colourIds: number[] = [];
  for (const [suffix, label, labelEn, price, stock, sold] of colours) {
    const id = await insertId(db, "products", {
      sku: `UVC-STER-${suffix}`,
      name: `Máy tiệt trùng bàn chải UVC – ${label}`,
      slug: `may-tiet-trung-ban-chai-uvc-${suffix.toLowerCase()}`,
      description: "Diệt 99,9% vi khuẩn.",
      price,
      category_id: category,
      stock_quantity: stock,
      sold_count: sold,
      is_featured: suffix === "BLK",
      variant_group: "uvc-sterilizer",
      search_text: `may tiet trung ${label}`,
      translations: {
        en: { name: `UVC Toothbrush Sterilizer – ${labelEn}`, metaTitle: `In ${labelEn}`, description: "Kills 99.9%." },
      },
    });
    colourIds.push(id);
    await insertId(db, "product_images", { product_id: id, url: `/images/${suffix}.svg`, alt: label, is_cover: true });
  }
  const travelCase = await insertId(db, "products", {
    sku: "UVC-CASE",
    name: "Hộp đựng du lịch",
    slug: "hop-dung",
    price: 150_000,
    category_id: category,
    stock_quantity: 40,
  });
  const customer = String(
    rowsOf<{ id: string }>(
      await db.execute(
        sql`insert into customers (email, first_name, last_name) values ('lan@example.vn', 'Lan', 'Nguyễn') returning id`,
      ),
    )[0].id,
  );
  const order = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into orders (customer_id, email, phone, first_name, last_name, subtotal, total, address, ward_name,
                          ward_code, province_name, province_code, postal_code, status, idempotency_key)
      values (${customer}, 'lan@example.vn', '+84900000000', 'Lan', 'Nguyễn', 1340000, 1340000, '12 Lê Lợi',
              'Phường Bến Thành', '26734', 'Thành phố Hồ Chí Minh', '79', '700000', 'delivered', 'variants-0020')
      returning id`),
  )[0].id;
  for (const [productId, name, price] of [
    [colourIds[2], "Máy tiệt trùng bàn chải UVC – Hồng", 650_000],
    [colourIds[1], "Máy tiệt trùng bàn chải UVC – Đen", 690_000],
  ] as const) {
    await db.execute(sql`
      insert into order_items (order_id, product_id, product_name, product_sku, quantity, unit_price, total_price)
      values (${order}, ${productId}, ${name}, 'UVC-STER', 1, ${price}, ${price})`);
  }

  await database.migrate();

  const [parent] = rowsOf<{
    id: number;
    sku: string;
    name: string;
    slug: string;
    price: string;
    stock_quantity: number;
    track_stock: boolean;
    is_featured: boolean;
    is_active: boolean;
    parent_id: number | null;
    translations: { en?: Record<string, string> };
  }>(await db.execute(sql`select * from products where parent_id is null and sku = 'UVC-STERILIZER'`));
  expect(parent).toMatchObject({
    name: "Máy tiệt trùng bàn chải UVC",
    slug: "uvc-sterilizer",
    stock_quantity: 0,
    track_stock: false,
    is_featured: true,
    is_active: true,
  });
  // The lowest colour price is the product's "from" price; the English name loses its colour too.
  expect(Number(parent.price)).toBe(650_000);
  expect(parent.translations.en).toMatchObject({ name: "UVC Toothbrush Sterilizer", description: "Kills 99.9%." });
  expect(parent.translations.en).not.toHaveProperty("metaTitle");

  const variants = rowsOf<{
    id: number;
    parent_id: number;
    variant_label: string;
    position: number;
    stock_quantity: number;
    is_featured: boolean;
    en_label: string;
  }>(
    await db.execute(sql`
      select id, parent_id, variant_label, position, stock_quantity, is_featured, translations -> 'en' ->> 'variantLabel' as en_label
      from products where parent_id = ${parent.id} order by position`),
  );
  expect(variants).toEqual([
    {
      id: colourIds[0],
      parent_id: parent.id,
      variant_label: "Trắng",
      position: 0,
      stock_quantity: 120,
      is_featured: false,
      en_label: "White",
    },
    {
      id: colourIds[1],
      parent_id: parent.id,
      variant_label: "Đen",
      position: 1,
      stock_quantity: 85,
      is_featured: false,
      en_label: "Black",
    },
    {
      id: colourIds[2],
      parent_id: parent.id,
      variant_label: "Hồng",
      position: 2,
      stock_quantity: 0,
      is_featured: false,
      en_label: "Pink",
    },
  ]);
  // The product shows the first colour's images; each colour keeps its own.
  const images = rowsOf<{ product_id: number; url: string }>(
    await db.execute(sql`select product_id, url from product_images order by product_id, id`),
  );
  expect(images.filter((image) => image.product_id === parent.id).map((image) => image.url)).toEqual([
    "/images/WHT.svg",
  ]);
  expect(images.filter((image) => image.product_id !== parent.id)).toHaveLength(3);

  // The order still names and points at the colours it sold.
  const items = rowsOf<{ product_id: number; product_name: string }>(
    await db.execute(
      sql`select product_id, product_name from order_items where order_id = ${order} order by unit_price`,
    ),
  );
  expect(items).toEqual([
    { product_id: colourIds[2], product_name: "Máy tiệt trùng bàn chải UVC – Hồng" },
    { product_id: colourIds[1], product_name: "Máy tiệt trùng bàn chải UVC – Đen" },
  ]);
  // A product that was never in a group stays a product of its own; variant_group is gone.
  const [caseRow] = rowsOf<{ parent_id: number | null; stock_quantity: number }>(
    await db.execute(sql`select parent_id, stock_quantity from products where id = ${travelCase}`),
  );
  expect(caseRow).toEqual({ parent_id: null, stock_quantity: 40 });
  const columns = rowsOf<{ column_name: string }>(
    await db.execute(
      sql`select column_name from information_schema.columns where table_name = 'products' and column_name = 'variant_group'`,
    ),
  );
  expect(columns).toEqual([]);
});
