import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pages } from "~/db/schema";
import { startingPolicies } from "~/features/pages/starting-policies";
import { migrationsFolder } from "~/server/db.server";
import { setUpTestDatabase } from "~/test/database";

// Migration 0031 (issue 31, decision 0060): a shipping policy seeded before the delivery rules
// drove it gets the rules' placeholders where its delivery lines are still the seed's words; a
// policy the merchant rewrote keeps its text. The migration's own SQL runs here.

const { db } = await setUpTestDatabase({ resetTables: [pages] });

const migration = readFileSync(path.join(migrationsFolder, "0031_shipping_policy_from_delivery_rules.sql"), "utf8");

const runMigration = () => db.execute(sql.raw(migration));

/** The seeded shipping policy as it is today (with the placeholders). */
const seededPolicy = startingPolicies.find((page) => page.slug === "shipping")!;
const seeded = { ...seededPolicy, body: seededPolicy.body ?? "", bodyEn: seededPolicy.bodyEn ?? "" };

/** The same policy as shops were seeded with before: the fixed figures. */
const before = {
  ...seeded,
  body: seeded.body.replace(
    "{delivery_times}\n- Đơn đặt trước {delivery_cutoff} được xác nhận",
    "- Nội thành TP. Hồ Chí Minh và Hà Nội: 1–2 ngày làm việc.\n- Các tỉnh, thành khác: 2–5 ngày làm việc.\n- Đơn đặt trước 15:00 được xác nhận",
  ),
  bodyEn: seeded.bodyEn.replace(
    "{delivery_times}\n- Orders placed before {delivery_cutoff} are confirmed",
    "- Inner Ho Chi Minh City and Hanoi: 1–2 working days.\n- Other provinces and cities: 2–5 working days.\n- Orders placed before 15:00 are confirmed",
  ),
};

async function shippingPolicy() {
  const [row] = await db
    .select({ body: pages.body, bodyEn: pages.bodyEn })
    .from(pages)
    .where(and(eq(pages.kind, "policy"), eq(pages.slug, "shipping")));
  return row;
}

describe("migration 0031: the shipping policy's delivery times", () => {
  it("become the rules' placeholders where they are the seed's words, in both languages", async () => {
    expect(before.body).toContain("2–5 ngày làm việc");
    expect(before.bodyEn).toContain("2–5 working days");
    await db.insert(pages).values({ ...before, publishedAt: new Date() });
    await runMigration();
    expect(await shippingPolicy()).toEqual({ body: seeded.body, bodyEn: seeded.bodyEn });
  });

  it("stay as the merchant wrote them", async () => {
    const rewritten = { body: "## Giao hàng\n- Toàn quốc: 3 ngày.", bodyEn: "## Delivery\n- Everywhere: 3 days." };
    await db.insert(pages).values({ ...before, ...rewritten, publishedAt: new Date() });
    await runMigration();
    expect(await shippingPolicy()).toEqual(rewritten);
  });
});
