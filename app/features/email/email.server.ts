import { and, count, desc, eq } from "drizzle-orm";
import { emailOutbox, type EmailOutbox, type EmailTemplate } from "~/db/schema";
import type { Settings } from "~/features/settings/settings.server";
import { emailTemplateFor } from "~/features/settings/settings.schema";
import { localizedPath, type Locale } from "~/lib/i18n/locale";
import { formatOrderNumber } from "~/lib/order-number";
import { displayName } from "~/lib/person-name";
import type { Db, Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { orderLinkVariables, renderTemplate, type RenderedEmail } from "./render";

export { renderTemplate, escapeHtml, fillTemplate } from "./render";
export type { EmailOutbox, EmailTemplate } from "~/db/schema";

/** The order e-mails, rendered from the settings templates. */
const templateSettingKey = {
  order_confirmation: "orderConfirmation",
  order_shipped: "orderShipped",
} as const satisfies Partial<Record<EmailTemplate, string>>;

/**
 * What the order e-mails need of the shop's address: its public URL (PUBLIC_URL, never a
 * request's Host — the links go to a mailbox). The routes pass `context.env.PUBLIC_URL` down.
 */
export interface OrderEmailLinks {
  publicUrl: string;
}

/** The buyer's tracking page for an order, number filled in, in the order's language. */
export function orderLookupUrl(links: OrderEmailLinks, order: Pick<OrderEmailOrder, "orderNumber" | "locale">): string {
  const path = localizedPath(`/order-lookup?number=${formatOrderNumber(order.orderNumber)}`, order.locale);
  return `${links.publicUrl.replace(/\/+$/, "")}${path}`;
}

export interface QueuedEmail {
  id: number;
  /** False when this order already had this e-mail queued (it is never queued twice). */
  created: boolean;
}

/** What an order e-mail needs of its order (the caller has it: no second read). */
export interface OrderEmailOrder {
  id: string;
  orderNumber: number;
  /** Null when the shopper gave none (the checkout settings allow it): nothing is sent. */
  email: string | null;
  firstName: string;
  lastName: string;
  /** The storefront language the order was placed in: the e-mail is written in it. */
  locale: Locale;
}

/**
 * Queues an order e-mail in the outbox: renders the settings template (store name, order number,
 * customer name, the order's tracking page on `links.publicUrl`) for the order's address and
 * inserts a pending row; the sender (outbox.server.ts) delivers it later, so placing an order
 * never waits for SMTP. An order gets each template once: a second call (a retried checkout, an
 * order set to shipped again) returns the first row.
 * Call it inside the order's transaction (pass the tx) or right after it, with the order and the
 * settings the caller read. An order without an e-mail address gets none (null).
 */
export async function queueOrderEmail(
  db: Db | Tx,
  order: OrderEmailOrder,
  template: keyof typeof templateSettingKey,
  settings: Pick<Settings, "store" | "email_templates">,
  links: OrderEmailLinks,
): Promise<QueuedEmail | null> {
  if (!Object.hasOwn(templateSettingKey, template))
    throw new AppError("invalid", `Unknown e-mail template: ${template}`);
  const to = order.email;
  if (!to) return null;
  const [existing] = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.orderId, order.id), eq(emailOutbox.template, template)))
    .limit(1);
  if (existing) return { id: existing.id, created: false };

  const rendered = renderTemplate(
    emailTemplateFor(settings.email_templates, templateSettingKey[template], order.locale),
    {
      store_name: settings.store.storeName,
      order_number: formatOrderNumber(order.orderNumber),
      customer_name: displayName(order, order.locale),
      order_lookup_url: orderLookupUrl(links, order),
    },
    { lang: order.locale, linkVariables: orderLinkVariables },
  );
  const [row] = await db
    .insert(emailOutbox)
    .values({
      toEmail: to,
      subject: rendered.subject,
      bodyText: rendered.text,
      bodyHtml: rendered.html,
      template,
      orderId: order.id,
      status: "pending",
    })
    .returning({ id: emailOutbox.id });
  return { id: row.id, created: true };
}

/**
 * Queues a message rendered by its feature (the newsletter's confirmation): one pending row the
 * sender delivers later, with its extra headers (List-Unsubscribe). Call it in the caller's
 * transaction so the message exists exactly when what it announces does.
 */
export async function queueEmail(
  db: Db | Tx,
  message: { to: string; template: EmailTemplate; rendered: RenderedEmail; headers?: Record<string, string> },
): Promise<{ id: number }> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      toEmail: message.to,
      subject: message.rendered.subject,
      bodyText: message.rendered.text,
      bodyHtml: message.rendered.html,
      headers: message.headers ?? null,
      template: message.template,
      status: "pending",
    })
    .returning({ id: emailOutbox.id });
  return row;
}

export const OUTBOX_PAGE_SIZE = 20;

export interface OutboxPage {
  rows: Array<Omit<EmailOutbox, "bodyText" | "bodyHtml" | "headers">>;
  total: number;
  page: number;
  pageCount: number;
}

/** The outbox, newest first, one page at a time (page numbers start at 1; out of range → last page). */
export async function listOutbox(db: Db | Tx, page = 1, pageSize = OUTBOX_PAGE_SIZE): Promise<OutboxPage> {
  const [{ total }] = await db.select({ total: count() }).from(emailOutbox);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  const rows = await db
    .select({
      id: emailOutbox.id,
      toEmail: emailOutbox.toEmail,
      subject: emailOutbox.subject,
      template: emailOutbox.template,
      orderId: emailOutbox.orderId,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
    })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  return { rows, total, page: current, pageCount };
}

/** One outbox message with its bodies, or null. */
export async function getOutboxEmail(db: Db | Tx, id: number): Promise<EmailOutbox | null> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  return row ?? null;
}

/** Puts a failed message back in the queue with a fresh set of attempts (admin "Gửi lại"). */
export async function retryOutboxEmail(db: Db | Tx, id: number): Promise<void> {
  const [row] = await db
    .update(emailOutbox)
    .set({ status: "pending", attempts: 0, lastError: null, createdAt: new Date() })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "failed")))
    .returning({ id: emailOutbox.id });
  if (!row) throw new AppError("conflict", "Chỉ có thể gửi lại email đã gửi thất bại");
}
