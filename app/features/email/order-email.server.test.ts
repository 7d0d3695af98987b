import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, orders, orderStatusHistory } from "~/db/schema";
import { getSettings, saveSetting } from "~/features/settings/settings.server";
import { formatOrderNumber } from "~/lib/order-number";
import { setUpTestDatabase } from "~/test/database";
import { moveOrderWithShipment } from "~/features/orders/order-transitions.server";
import { changeStatus, insertCustomer, insertOrder, insertProduct, TEST_EMAIL_LINKS } from "~/test/orders-fixture";
import { getOutboxEmail, previewOrderEmail, queueOrderEmail, type OrderEmailKind } from "./email.server";
import { reviewableOrderOf } from "~/features/reviews/reviews.server";

const { db } = await setUpTestDatabase();

/** Amounts as the e-mail prints them (vi-VN, a no-break space before ₫). */
const vnd = (amount: string) => `${amount}\u00a0₫`;

/**
 * An order of 2 × 320.000 ₫ + 1 × 150.000 ₫ (790.000 ₫), 50.000 ₫ off with a code, 30.000 ₫
 * delivery: 770.000 ₫ to pay, of which 57.037 ₫ VAT (8 %) as stored on the order.
 */
async function placeOrder(
  options: { locale?: "vi" | "en"; paid?: boolean; discountCode?: string | null; discount?: number } = {},
) {
  await saveSetting(db, "store", { storeName: "UVC Care" });
  const customer = await insertCustomer(db, { firstName: "Thị Hoa", lastName: "Nguyễn", phone: "+84901234567" });
  const lamp = await insertProduct(db, { name: "Đèn UVC mini", price: 320_000 });
  const case_ = await insertProduct(db, { name: "Hộp <đựng> bàn chải", price: 150_000 });
  const order = await insertOrder(db, {
    customer,
    lines: [
      { product: lamp, quantity: 2 },
      { product: case_, quantity: 1 },
    ],
    shippingFee: 30_000,
    discount: options.discount ?? 50_000,
    paymentStatus: options.paid ? "paid" : "pending",
  });
  await db
    .update(orders)
    .set({
      tax: 57_037,
      locale: options.locale ?? "vi",
      discountCode: options.discountCode === undefined ? "GIAM50" : options.discountCode,
    })
    .where(eq(orders.id, order.id));
  return order;
}

async function preview(orderId: string, kind: OrderEmailKind) {
  const result = await previewOrderEmail(db, kind, orderId, await getSettings(db), TEST_EMAIL_LINKS);
  if (!result) throw new Error("the order exists");
  return result.rendered;
}

describe("order e-mails", () => {
  it("confirm a COD order with its items, every amount to the đồng, what to pay at the door, the address, the slot and the tracking link", async () => {
    const order = await placeOrder();
    const queued = await queueOrderEmail(db, order, "order_confirmation", await getSettings(db), TEST_EMAIL_LINKS);
    const row = (await getOutboxEmail(db, queued!.id))!;
    const number = formatOrderNumber(order.orderNumber);
    const lookup = `https://shop.example.vn/order-lookup?number=${number}`;

    const text = row.bodyText;
    expect(text).toContain("Xin chào Nguyễn Thị Hoa,");
    expect(text).toContain(`== Đơn hàng ${number} ==`);
    expect(text).toContain(`- Đèn UVC mini: 2 × ${vnd("320.000")} = ${vnd("640.000")}`);
    expect(text).toContain(`- Hộp <đựng> bàn chải: 1 × ${vnd("150.000")} = ${vnd("150.000")}`);
    expect(text).toContain(`Tạm tính: ${vnd("790.000")}`);
    expect(text).toContain(`Giảm giá (GIAM50): −${vnd("50.000")}`);
    expect(text).toContain(`Phí vận chuyển (Giao hàng tận nơi): ${vnd("30.000")}`);
    expect(text).toContain(`Tổng cộng: ${vnd("770.000")}`);
    expect(text).toContain(`(Đã bao gồm VAT: ${vnd("57.037")})`);
    expect(text).toContain(`Số tiền cần thanh toán khi nhận hàng: ${vnd("770.000")}`);
    expect(text).toContain(
      "Giao đến:\nNguyễn Thị Hoa\n+84901234567\n12 Lê Lợi\nPhường Bến Thành, Thành phố Hồ Chí Minh",
    );
    expect(text).toContain("Giao hàng: Giao ngày Thứ Ba, 01/12/2026, 12:00 - 13:00");
    expect(text).toContain(`Theo dõi đơn hàng: ${lookup}`);

    const html = row.bodyHtml!;
    expect(html).toContain('<html lang="vi">');
    expect(html).toContain("Hộp &lt;đựng&gt; bàn chải");
    expect(html).not.toContain("<đựng>");
    expect(html).toContain(`2 × ${vnd("320.000")}`);
    expect(html).toContain(`>${vnd("640.000")}</td>`);
    expect(html).toContain(`−${vnd("50.000")}`);
    expect(html).toContain(
      `Số tiền cần thanh toán khi nhận hàng: <strong style="font-size:18px">${vnd("770.000")}</strong>`,
    );
    expect(html).toContain(`Đã bao gồm VAT: ${vnd("57.037")}`);
    expect(html).toContain("Giao ngày Thứ Ba, 01/12/2026, 12:00 - 13:00");
    expect(html).toContain(`<a href="${lookup}"`);
  });

  it("are written in English for an order placed on the English site, the name given name first", async () => {
    const order = await placeOrder({ locale: "en" });
    const number = formatOrderNumber(order.orderNumber);
    const shipped = await preview(order.id, "order_shipped");
    expect(shipped.subject).toBe(`UVC Care - Order ${number} is on its way`);
    expect(shipped.text).toContain("Hello Thị Hoa Nguyễn,");
    expect(shipped.text).toContain(`== Order ${number} ==`);
    expect(shipped.text).toContain(`Subtotal: ${vnd("790.000")}`);
    expect(shipped.text).toContain(`Total: ${vnd("770.000")}`);
    expect(shipped.text).toContain(`(VAT included: ${vnd("57.037")})`);
    expect(shipped.text).toContain(`Amount to pay on delivery: ${vnd("770.000")}`);
    expect(shipped.text).toContain("Delivery: Delivery on Tuesday, 01/12/2026, 12:00 - 13:00");
    expect(shipped.text).toContain(`Track your order: https://shop.example.vn/en/order-lookup?number=${number}`);
    expect(shipped.html).toContain('<html lang="en">');
    expect(shipped.html).toContain(
      `Amount to pay on delivery: <strong style="font-size:18px">${vnd("770.000")}</strong>`,
    );
  });

  it("say the order is paid once it is, instead of an amount to collect", async () => {
    for (const locale of ["vi", "en"] as const) {
      const order = await placeOrder({ locale, paid: true });
      const email = await preview(order.id, "order_shipped");
      const [paid, toPay] = locale === "vi" ? ["Đã thanh toán", "Số tiền cần thanh toán"] : ["Paid", "Amount to pay"];
      expect(email.text).toContain(`\n${paid}\n`);
      expect(email.html).toContain(`<strong>${paid}</strong>`);
      expect(email.text).not.toContain(toPay);
      expect(email.html).not.toContain(toPay);
      expect(email.text).toContain(locale === "vi" ? `Tổng cộng: ${vnd("770.000")}` : `Total: ${vnd("770.000")}`);
    }
  });

  it("write delivered and cancelled e-mails in both languages: paid at the door, nothing to pay", async () => {
    const vi = await placeOrder();
    const en = await placeOrder({ locale: "en" });
    const cases = [
      { order: vi, kind: "order_delivered", subject: "đã được giao", says: "Đã thanh toán" },
      { order: vi, kind: "order_cancelled", subject: "đã bị hủy", says: "Đơn hàng đã hủy: bạn không cần thanh toán" },
      { order: en, kind: "order_delivered", subject: "delivered", says: "Paid" },
      { order: en, kind: "order_cancelled", subject: "cancelled", says: "Order cancelled: nothing to pay" },
    ] as const;
    for (const { order, kind, subject, says } of cases) {
      const email = await preview(order.id, kind);
      expect(email.subject).toContain(formatOrderNumber(order.orderNumber));
      expect(email.subject).toContain(subject);
      expect(email.text).toContain(`\n${says}\n`);
      expect(email.html).toContain(`<strong>${says}</strong>`);
      expect(email.text).not.toMatch(/Số tiền cần thanh toán|Amount to pay/);
      expect(email.text).toContain(vnd("770.000"));
      // Delivered: a signed link to review what was bought, in the order's language; cancelled: none.
      // The preview masks its token (issue 30); the e-mail queued for the buyer carries it.
      const review = /(https:\/\/shop\.example\.vn(?:\/en)?\/reviews\/new\?token=\S+)/.exec(email.text)?.[1];
      if (kind === "order_delivered") {
        expect(review).toContain(order === en ? "/en/reviews/new?token=••••••" : "vn/reviews/new?token=••••••");
        expect(email.text).toContain(order === en ? "Review what you bought: " : "Đánh giá sản phẩm: ");
        expect(email.html).toContain(`href="${review!.replace(/&/g, "&amp;")}"`);
        const queued = (await queueOrderEmail(db, order, kind, await getSettings(db), TEST_EMAIL_LINKS))!;
        const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, queued.id));
        const mailed = /(https:\/\/shop\.example\.vn(?:\/en)?\/reviews\/new\?token=\S+)/.exec(row.bodyText)?.[1];
        const token = new URL(mailed!).searchParams.get("token")!;
        await expect(reviewableOrderOf(db, token, TEST_EMAIL_LINKS.secret)).rejects.toThrow(); // not delivered yet
        await db.update(orders).set({ status: "delivered" }).where(eq(orders.id, order.id));
        expect((await reviewableOrderOf(db, token, TEST_EMAIL_LINKS.secret)).items.length).toBeGreaterThan(0);
        await db.update(orders).set({ status: "pending" }).where(eq(orders.id, order.id));
      } else {
        expect(review).toBeUndefined();
      }
    }
  });

  it("show a free-shipping code as free delivery, never as −0 ₫, and no discount line without one", async () => {
    const freeShipping = await placeOrder({ discount: 0, discountCode: "FREESHIP" });
    const email = await preview(freeShipping.id, "order_confirmation");
    expect(email.text).toContain("Giảm giá (FREESHIP): Miễn phí vận chuyển");
    expect(email.text).not.toContain(`−${vnd("0")}`);
    expect(email.html).not.toContain(`−${vnd("0")}`);

    const none = await placeOrder({ discount: 0, discountCode: null });
    expect((await preview(none.id, "order_confirmation")).text).not.toContain("Giảm giá");
  });

  it("are previewed with the latest order when none is chosen, and queue nothing", async () => {
    const order = await placeOrder();
    const before = await db.select({ id: emailOutbox.id }).from(emailOutbox);
    const latest = await previewOrderEmail(db, "order_confirmation", null, await getSettings(db), TEST_EMAIL_LINKS);
    expect(latest?.order).toMatchObject({ id: order.id, orderNumber: order.orderNumber, locale: "vi" });
    expect(await db.select({ id: emailOutbox.id }).from(emailOutbox)).toEqual(before);
  });

  it("queue delivered and cancelled once per order when the status changes, in the order's language, with the shop's reason", async () => {
    const staff = { userId: null, name: "Nhân viên" };
    const outbox = (orderId: string) =>
      db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId)).orderBy(emailOutbox.id);

    const vi = await placeOrder();
    await changeStatus(db, vi.id, "shipped", staff);
    await changeStatus(db, vi.id, "delivered", staff);
    // Again, or a step back (refused): the buyer is not told twice.
    await changeStatus(db, vi.id, "delivered", staff);
    await expect(changeStatus(db, vi.id, "shipped", staff)).rejects.toThrow(/không thể chuyển sang "Đang giao"/);
    const viMails = await outbox(vi.id);
    expect(viMails.map((m) => m.template)).toEqual(["order_shipped", "order_delivered"]);
    const delivered = viMails[1];
    expect(delivered.toEmail).toBe(vi.email);
    expect(delivered.subject).toBe(`UVC Care - Đơn hàng ${formatOrderNumber(vi.orderNumber)} đã được giao`);
    expect(delivered.bodyText).toContain("đổi trả");
    expect(delivered.bodyText).toContain("\nĐã thanh toán\n");
    expect(delivered.bodyText).toContain(`Tổng cộng: ${vnd("770.000")}`);
    expect(delivered.bodyHtml).toContain('<html lang="vi">');

    const en = await placeOrder({ locale: "en" });
    await changeStatus(db, en.id, "cancelled", staff, { reason: "Hết hàng <màu xanh>" });
    await changeStatus(db, en.id, "pending", staff);
    await changeStatus(db, en.id, "cancelled", staff, { reason: "Lần hai" });
    const enMails = await outbox(en.id);
    expect(enMails.map((m) => m.template)).toEqual(["order_cancelled"]);
    const cancelled = enMails[0];
    expect(cancelled.subject).toBe(`UVC Care - Order ${formatOrderNumber(en.orderNumber)} cancelled`);
    expect(cancelled.bodyText).toContain("Order cancelled: nothing to pay\nReason: Hết hàng <màu xanh>\n");
    expect(cancelled.bodyText).not.toContain("Amount to pay");
    expect(cancelled.bodyHtml).toContain("Reason: Hết hàng &lt;màu xanh&gt;");
    expect(cancelled.bodyHtml).toContain('<html lang="en">');

    // The preview of a cancelled order reads the reason back from its history.
    const previewed = await preview(en.id, "order_cancelled");
    expect(previewed.text).toContain("Reason: Lần hai");
  });

  it("queue the delivered e-mail when the carrier delivers the parcel, and none for other moves", async () => {
    const staff = { userId: null, name: "GHN" };
    const order = await placeOrder({ locale: "en" });
    await db.transaction((tx) => moveOrderWithShipment(tx, order.id, "shipped", staff, null, TEST_EMAIL_LINKS));
    await db.transaction((tx) => moveOrderWithShipment(tx, order.id, "delivered", staff, null, TEST_EMAIL_LINKS));
    await db.transaction((tx) => moveOrderWithShipment(tx, order.id, "delivered", staff, null, TEST_EMAIL_LINKS));
    await db.transaction((tx) => moveOrderWithShipment(tx, order.id, "returning", staff, null, TEST_EMAIL_LINKS));
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id)).orderBy(emailOutbox.id);
    expect(mails.map((m) => m.template)).toEqual(["order_shipped", "order_delivered"]);
    expect(mails[1].subject).toContain("delivered");
    expect(mails[1].bodyText).toContain("Thank you for choosing UVC Care!");
  });

  it("are not queued when the status change fails, and an order without e-mail gets none", async () => {
    const staff = { userId: null, name: "Nhân viên" };
    const order = await placeOrder();
    await expect(changeStatus(db, order.id, "cancelled", staff, { reason: "   " })).rejects.toThrow();
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id))).toEqual([]);
    const history = await db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
    expect(history.map((h) => h.toStatus)).not.toContain("cancelled");

    await db.update(orders).set({ email: null }).where(eq(orders.id, order.id));
    await changeStatus(db, order.id, "cancelled", staff, { reason: "Khách đổi ý" });
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id))).toEqual([]);
  });
});
