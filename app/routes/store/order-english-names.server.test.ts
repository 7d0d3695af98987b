import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { categories, customers, emailOutbox, orderItems, orders, productImages, products, settings } from "~/db/schema";
import { readOrderEmailContent } from "~/features/email/order-email.server";
import { setUpTestDatabase } from "~/test/database";
import { checkoutInput, createCategory, createProduct } from "~/test/checkout-fixtures";
import { TEST_EMAIL_LINKS } from "~/test/orders-fixture";
import { getOrderConfirmation } from "~/features/checkout/order-confirmation.server";
import { placeOrder } from "~/features/checkout/place-order.server";

const { db } = await setUpTestDatabase({
  resetTables: [orders, customers, productImages, products, categories, settings],
});

let translated: number;
let untranslated: number;
beforeEach(async () => {
  const categoryId = await createCategory(db);
  translated = await createProduct(db, categoryId, {
    name: "Máy tiệt trùng UVC – Trắng",
    price: 690_000,
    translations: { en: { name: "UVC sterilizer – White" } },
  });
  untranslated = await createProduct(db, categoryId, { name: "Hộp đựng", price: 90_000 });
});

async function place(locale: "vi" | "en") {
  const lines = [
    { productId: translated, quantity: 1 },
    { productId: untranslated, quantity: 2 },
  ];
  return placeOrder(db, checkoutInput(lines), { links: TEST_EMAIL_LINKS, locale });
}

describe("an order's product names in its language (issue 31)", () => {
  it("keeps the English name with each line; staff read the Vietnamese one", async () => {
    const placed = await place("en");
    const items = await db
      .select({ name: orderItems.productName, english: orderItems.productNameEn })
      .from(orderItems)
      .where(eq(orderItems.orderId, placed.id))
      .orderBy(orderItems.id);
    expect(items).toEqual([
      { name: "Máy tiệt trùng UVC – Trắng", english: "UVC sterilizer – White" },
      { name: "Hộp đựng", english: null },
    ]);
  });

  it("an English order's confirmation page and look-up name the English product; Vietnamese pages the Vietnamese one", async () => {
    const placed = await place("en");
    const english = await getOrderConfirmation(db, placed.id, "full", "en");
    expect(english?.items.map((item) => item.productName)).toEqual(["UVC sterilizer – White", "Hộp đựng"]);
    const vietnamese = await getOrderConfirmation(db, placed.id, "full", "vi");
    expect(vietnamese?.items.map((item) => item.productName)).toEqual(["Máy tiệt trùng UVC – Trắng", "Hộp đựng"]);
  });

  it("e-mails an English order with the English names (confirmation and every later e-mail)", async () => {
    const placed = await place("en");
    const [confirmation] = await db
      .select({ text: emailOutbox.bodyText, html: emailOutbox.bodyHtml })
      .from(emailOutbox)
      .where(eq(emailOutbox.orderId, placed.id));
    expect(confirmation.text).toContain("UVC sterilizer – White");
    expect(confirmation.text).not.toContain("Máy tiệt trùng");
    expect(confirmation.html).toContain("UVC sterilizer – White");
    // Shipped, delivered, cancelled… read the order again.
    const content = await readOrderEmailContent(db, placed.id);
    expect(content.items.map((item) => item.productName)).toEqual(["UVC sterilizer – White", "Hộp đựng"]);
  });

  it("e-mails a Vietnamese order with the Vietnamese names", async () => {
    const placed = await place("vi");
    const [confirmation] = await db
      .select({ text: emailOutbox.bodyText })
      .from(emailOutbox)
      .where(eq(emailOutbox.orderId, placed.id));
    expect(confirmation.text).toContain("Máy tiệt trùng UVC – Trắng");
    expect(confirmation.text).not.toContain("UVC sterilizer");
    const content = await readOrderEmailContent(db, placed.id);
    expect(content.items.map((item) => item.productName)).toEqual(["Máy tiệt trùng UVC – Trắng", "Hộp đựng"]);
  });
});
