import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { describe, expect, it } from "vitest";
import { customers, emailOutbox, orders } from "~/db/schema";
import { getSettings, saveSetting } from "~/features/settings/settings.server";
import {
  getOutboxEmail,
  INVITATION_RETRY_MESSAGE,
  listOutbox,
  previewOrderEmail,
  queueOrderEmail,
  retryOutboxEmail,
  type OrderEmailOrder,
} from "./email.server";
import { setUpTestDatabase } from "~/test/database";
import { createSmtpTransport, nextAttemptAt, processOutbox, startEmailSender } from "./outbox.server";
import { TEST_EMAIL_LINKS } from "~/test/orders-fixture";

const { db } = await setUpTestDatabase({ resetTables: [emailOutbox, orders, customers] });

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP listener on a free local port; `failWith` makes it refuse every message. */
async function startSmtp(failWith?: string) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (failWith) {
          const error = new Error(failWith) as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let orderSeq = 0;
async function createOrder(values: { firstName?: string; lastName?: string; email?: string; locale?: "vi" | "en" } = {}) {
  orderSeq += 1;
  const email = values.email ?? `khach${orderSeq}@example.vn`;
  const [customer] = await db
    .insert(customers)
    .values({ email, firstName: values.firstName ?? "Văn An", lastName: values.lastName ?? "Nguyễn" })
    .returning({ id: customers.id });
  const [order] = await db
    .insert(orders)
    .values({
      customerId: customer.id,
      email,
      phone: "+84901234567",
      firstName: values.firstName ?? "Văn An",
      lastName: values.lastName ?? "Nguyễn",
      subtotal: 580_000,
      total: 610_000,
      shippingFee: 30_000,
      address: "12 Lê Lợi",
      wardName: "Phường Sài Gòn",
      wardCode: "26740",
      provinceName: "TP. Hồ Chí Minh",
      provinceCode: "79",
      postalCode: "700000",
      locale: values.locale ?? "vi",
      idempotencyKey: `key-${orderSeq}-${Math.random()}`,
    })
    .returning({
      id: orders.id,
      orderNumber: orders.orderNumber,
      email: orders.email,
      firstName: orders.firstName,
      lastName: orders.lastName,
      locale: orders.locale,
    });
  return order;
}

/** Queues as the order's services do: with the order they hold and the settings read now. */
async function queue(order: OrderEmailOrder, template: "order_confirmation" | "order_shipped") {
  const queued = await queueOrderEmail(db, order, template, await getSettings(db), TEST_EMAIL_LINKS);
  if (!queued) throw new Error("an order with an e-mail address gets its e-mail queued");
  return queued;
}

describe("queueOrderEmail", () => {
  it("renders the settings template for the order and queues it as pending, once per order and template", async () => {
    await saveSetting(db, "store", { storeName: "Cửa hàng <UVC>", email: "shop@uvc.vn" });
    const order = await createOrder({ firstName: "<img src=x onerror=alert(1)>", lastName: "Lê" });

    const queued = await queue(order, "order_confirmation");
    expect(queued.created).toBe(true);
    const again = await queue(order, "order_confirmation");
    expect(again).toEqual({ id: queued.id, created: false });

    const row = (await getOutboxEmail(db, queued.id))!;
    const number = `DH${String(order.orderNumber).padStart(6, "0")}`;
    expect(row).toMatchObject({
      toEmail: order.email,
      template: "order_confirmation",
      status: "pending",
      attempts: 0,
      orderId: order.id,
    });
    expect(row.subject).toBe(`Cửa hàng <UVC> - Xác nhận đơn hàng ${number}`);
    expect(row.bodyText).toContain("Xin chào Lê <img src=x onerror=alert(1)>,");
    expect(row.bodyHtml).toContain("Xin chào Lê &lt;img src=x onerror=alert(1)&gt;,");
    expect(row.bodyHtml).not.toContain("<img");
    // The tracking page on the shop's public address, the order number filled in: a link in HTML.
    const lookup = `https://shop.example.vn/order-lookup?number=${number}`;
    expect(row.bodyText).toContain(`Theo dõi đơn hàng: ${lookup}`);
    expect(row.bodyHtml).toContain(`Theo dõi đơn hàng: <a href="${lookup}" style="color:#0f766e">${lookup}</a>`);

    const shipped = await queue(order, "order_shipped");
    expect(shipped.created).toBe(true);
    const shippedRow = (await getOutboxEmail(db, shipped.id))!;
    expect(shippedRow.subject).toBe(`Cửa hàng <UVC> - Đơn hàng ${number} đang được giao`);
    expect(shippedRow.bodyText).toContain(`Theo dõi đơn hàng: ${lookup}`);
    expect(shippedRow.bodyHtml).toContain(`<a href="${lookup}"`);
  });

  it("uses the templates saved in settings", async () => {
    await saveSetting(db, "email_templates", {
      orderConfirmation: {
        subject: "Cảm ơn {{customer_name}}",
        body: "Đơn {{order_number}} tại {{store_name}} {{coupon}}",
      },
    });
    await saveSetting(db, "store", { storeName: "UVC Care" });
    const order = await createOrder();
    const row = (await getOutboxEmail(db, (await queue(order, "order_confirmation")).id))!;
    expect(row.subject).toBe("Cảm ơn Nguyễn Văn An");
    // The merchant's words first, exactly; the order's details follow them.
    expect(
      row.bodyText.startsWith(`Đơn DH${String(order.orderNumber).padStart(6, "0")} tại UVC Care {{coupon}}\n\n`),
    ).toBe(true);
  });

  it("writes an order placed on the English site in English, the name given name first; an emptied English template falls back to Vietnamese", async () => {
    await saveSetting(db, "store", { storeName: "UVC Care" });
    const order = await createOrder({ locale: "en" });
    const number = `DH${String(order.orderNumber).padStart(6, "0")}`;
    const confirmation = (await getOutboxEmail(db, (await queue(order, "order_confirmation")).id))!;
    expect(confirmation.subject).toBe(`UVC Care - Order ${number} confirmed`);
    expect(confirmation.bodyText).toContain("Hello Văn An Nguyễn,");
    expect(confirmation.bodyText).toContain("cash on delivery (COD)");
    expect(confirmation.bodyHtml).toContain('<html lang="en">');
    // The English tracking page (/en/…), on the shop's public address.
    const lookup = `https://shop.example.vn/en/order-lookup?number=${number}`;
    expect(confirmation.bodyText).toContain(`Track your order: ${lookup}`);
    expect(confirmation.bodyHtml).toContain(`<a href="${lookup}"`);

    const settings = await getSettings(db);
    await saveSetting(db, "email_templates", {
      ...settings.email_templates,
      english: { ...settings.email_templates.english, orderShipped: { subject: "", body: "" } },
    });
    const shipped = (await getOutboxEmail(db, (await queue(order, "order_shipped")).id))!;
    expect(shipped.subject).toBe(`UVC Care - Đơn hàng ${number} đang được giao`);
  });

  it("queues nothing for an order placed without an e-mail address", async () => {
    const order = await createOrder();
    const settings = await getSettings(db);
    expect(
      await queueOrderEmail(db, { ...order, email: null }, "order_confirmation", settings, TEST_EMAIL_LINKS),
    ).toBeNull();
    expect(
      await queueOrderEmail(db, { ...order, email: null }, "order_shipped", settings, TEST_EMAIL_LINKS),
    ).toBeNull();
    expect(await db.select().from(emailOutbox)).toEqual([]);
  });

  it("refuses an unknown order (the e-mail is written from the order's row)", async () => {
    const order = await createOrder();
    await expect(
      queue({ ...order, id: "00000000-0000-4000-8000-000000000000" }, "order_confirmation"),
    ).rejects.toMatchObject({
      kind: "not_found",
    });
    expect(await db.select().from(emailOutbox)).toEqual([]);
  });
});

describe("processOutbox", () => {
  it("without SMTP keeps messages readable in the outbox as 'logged'", async () => {
    const order = await createOrder();
    const { id } = await queue(order, "order_confirmation");
    expect(await processOutbox(db, null)).toEqual({ sent: 0, failed: 0, retrying: 0, logged: 1 });
    expect((await getOutboxEmail(db, id))?.status).toBe("logged");
  });

  it("sends pending messages through a real SMTP server", async () => {
    const smtp = await startSmtp();
    const transport = createSmtpTransport(smtp.url);
    try {
      const order = await createOrder({ email: "an@example.vn" });
      const { id } = await queue(order, "order_confirmation");
      const result = await processOutbox(db, transport, { from: '"UVC Care" <hello@uvccare.vn>' });
      expect(result).toEqual({ sent: 1, failed: 0, retrying: 0, logged: 0 });

      const row = (await getOutboxEmail(db, id))!;
      expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0].from).toBe("hello@uvccare.vn");
      expect(smtp.received[0].to).toEqual(["an@example.vn"]);
      expect(smtp.received[0].raw).toMatch(/Content-Type: multipart\/alternative/i);

      // Nothing left to do on the next run.
      expect(await processOutbox(db, transport)).toEqual({ sent: 0, failed: 0, retrying: 0, logged: 0 });
      expect(smtp.received).toHaveLength(1);
    } finally {
      transport.close?.();
      await smtp.close();
    }
  });

  it("gives up on an SMTP server that never greets after the transport's timeout", async () => {
    const silent = new SMTPServer({ logger: false, closeTimeout: 100, onConnect: () => {} });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const transport = createSmtpTransport(`smtp://127.0.0.1:${(silent.server.address() as AddressInfo).port}`, {
      timeoutMs: 300,
    });
    try {
      const started = Date.now();
      await expect(
        transport.send({ from: "a@b.vn", to: "c@d.vn", subject: "s", text: "t", html: null }),
      ).rejects.toThrow(/greeting|timeout/i); // greeting and socket timeouts are both 300 ms: either may fire first
      expect(Date.now() - started).toBeLessThan(5000); // nodemailer's own greeting timeout is 30 s
    } finally {
      transport.close?.();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it("keeps a message pending with attempts and last_error when SMTP refuses it, backs off, then gives up", async () => {
    const smtp = await startSmtp("Mailbox temporarily unavailable");
    const transport = createSmtpTransport(smtp.url);
    try {
      const order = await createOrder();
      const { id } = await queue(order, "order_confirmation");
      const queuedAt = (await getOutboxEmail(db, id))!.createdAt;
      const base = 1000;
      const at = (ms: number) => () => new Date(queuedAt.getTime() + ms);

      expect(
        await processOutbox(db, transport, { baseDelayMs: base, maxAttempts: 3, now: at(0), from: "a@b.vn" }),
      ).toMatchObject({ retrying: 1 });
      let row = (await getOutboxEmail(db, id))!;
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
      expect(row.lastError).toMatch(/Mailbox temporarily unavailable/);

      // Not due yet: attempt 2 may run 1 s after queueing, attempt 3 after 3 s.
      expect(nextAttemptAt(queuedAt, 1, base).getTime() - queuedAt.getTime()).toBe(1000);
      expect(nextAttemptAt(queuedAt, 2, base).getTime() - queuedAt.getTime()).toBe(3000);
      expect(
        await processOutbox(db, transport, { baseDelayMs: base, maxAttempts: 3, now: at(999), from: "a@b.vn" }),
      ).toMatchObject({ retrying: 0 });
      expect((await getOutboxEmail(db, id))?.attempts).toBe(1);

      await processOutbox(db, transport, { baseDelayMs: base, maxAttempts: 3, now: at(1000), from: "a@b.vn" });
      expect(await getOutboxEmail(db, id)).toMatchObject({ status: "pending", attempts: 2 });
      expect(
        await processOutbox(db, transport, { baseDelayMs: base, maxAttempts: 3, now: at(2999), from: "a@b.vn" }),
      ).toMatchObject({ retrying: 0 });

      expect(
        await processOutbox(db, transport, { baseDelayMs: base, maxAttempts: 3, now: at(3000), from: "a@b.vn" }),
      ).toMatchObject({ failed: 1 });
      row = (await getOutboxEmail(db, id))!;
      expect(row).toMatchObject({ status: "failed", attempts: 3 });
      expect(row.sentAt).toBeNull();

      // The admin can queue it again.
      await retryOutboxEmail(db, id);
      expect(await getOutboxEmail(db, id)).toMatchObject({ status: "pending", attempts: 0, lastError: null });
      await expect(retryOutboxEmail(db, id)).rejects.toMatchObject({ kind: "conflict" });
    } finally {
      transport.close?.();
      await smtp.close();
    }
  });

  it("records a connection failure (no server listening) without throwing", async () => {
    const smtp = await startSmtp();
    await smtp.close();
    const transport = createSmtpTransport(smtp.url, { timeoutMs: 2000 });
    const order = await createOrder();
    const { id } = await queue(order, "order_shipped");
    expect(await processOutbox(db, transport, { from: "a@b.vn" })).toMatchObject({ retrying: 1 });
    const row = (await getOutboxEmail(db, id))!;
    expect(row.status).toBe("pending");
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
  });

  it("runs in the background sender and stops cleanly", async () => {
    const smtp = await startSmtp();
    const logs: string[] = [];
    const logger = {
      info: (_: object, msg: string) => logs.push(msg),
      error: (_: object, msg: string) => logs.push(msg),
    };
    const sender = startEmailSender(db, { smtpUrl: smtp.url, intervalMs: 60_000, logger, from: "a@b.vn" });
    try {
      const order = await createOrder();
      await queue(order, "order_confirmation");
      expect(await sender.runOnce()).toMatchObject({ sent: 1 });
      expect(smtp.received).toHaveLength(1);
      expect(logs).toContain("e-mail outbox processed");
    } finally {
      await sender.stop();
      await smtp.close();
    }
    expect(await sender.runOnce()).toBeNull();
  });
});

describe("listOutbox", () => {
  it("pages the outbox newest first", async () => {
    for (let i = 0; i < 5; i++) {
      const order = await createOrder();
      await queue(order, "order_confirmation");
    }
    const all = await db.select({ id: emailOutbox.id }).from(emailOutbox).orderBy(emailOutbox.id);
    await db
      .update(emailOutbox)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(emailOutbox.id, all[4].id));

    const first = await listOutbox(db, 1, 2);
    expect(first).toMatchObject({ total: 5, page: 1, pageCount: 3 });
    expect(first.rows.map((r) => r.id)).toEqual([all[3].id, all[2].id]);
    const last = await listOutbox(db, 99, 2);
    expect(last.page).toBe(3);
    expect(last.rows.map((r) => r.id)).toEqual([all[4].id]);
    expect(last.rows[0]).not.toHaveProperty("bodyHtml");
  });
});

describe("the console's outbox (issue 30)", () => {
  /** Every token of a link in `text` (…?token=<x>): the values a reader could use. */
  const tokensIn = (text: string) => [...text.matchAll(/[?&](?:amp;)?token=([^&\s"'<>]+)/g)].map((m) => m[1]);

  it("shows the delivered e-mail's review link masked, in the outbox and in the preview", async () => {
    const order = await createOrder();
    const settings = await getSettings(db);
    const queued = (await queueOrderEmail(db, order, "order_delivered", settings, TEST_EMAIL_LINKS))!;
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, queued.id));
    const [review] = tokensIn(row.bodyText);
    expect(review).toBeTruthy();

    const shown = (await getOutboxEmail(db, queued.id))!;
    expect(shown.bodyText).toMatch(/\/reviews\/new\?token=••••••/);
    expect(shown.bodyHtml).toMatch(/\/reviews\/new\?token=••••••/);
    expect(JSON.stringify(shown)).not.toContain(review);

    const preview = (await previewOrderEmail(db, "order_delivered", order.id, settings, TEST_EMAIL_LINKS))!;
    expect(preview.rendered.text).toMatch(/\/reviews\/new\?token=••••••/);
    expect(tokensIn(preview.rendered.text + preview.rendered.html).every((token) => token === "••••••")).toBe(true);
  });

  it("never sends an invitation e-mail again from the outbox: its link may be revoked; the staff page sends a new one", async () => {
    const [failed] = await db
      .insert(emailOutbox)
      .values({ toEmail: "moi@shop.vn", subject: "Lời mời", bodyText: "x", template: "staff_invitation", status: "failed" })
      .returning({ id: emailOutbox.id });
    await expect(retryOutboxEmail(db, failed.id)).rejects.toMatchObject({ kind: "conflict", message: INVITATION_RETRY_MESSAGE });
    expect(await getOutboxEmail(db, failed.id)).toMatchObject({ status: "failed" });
  });
});
