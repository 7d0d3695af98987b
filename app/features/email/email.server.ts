import { and, count, desc, eq, ne } from "drizzle-orm";
import { emailOutbox, type EmailOutbox, type EmailTemplate, type NewEmailOutbox } from "~/db/schema";
import type { Settings } from "~/features/settings/settings.server";
import type { Db, Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { redactSecrets } from "~/server/redact-secrets.server";
import {
  lastCancelReason,
  latestOrderId,
  readOrderEmailContent,
  renderOrderEmail,
  type OrderEmailContent,
  type OrderEmailDetails,
  type OrderEmailLinks,
  type QueuedOrderEmailKind,
} from "./order-email.server";
import type { OrderEmailKind } from "./order-email-kinds";
import type { RenderedEmail } from "./render";

export { renderTemplate, escapeHtml, fillTemplate } from "./render";
export type { EmailOutbox, EmailTemplate } from "~/db/schema";

export {
  listOrdersForPreview,
  orderEmailLinksOf,
  orderLookupUrl,
  type OrderEmailContent,
  type OrderEmailDetails,
  type OrderEmailLinks,
} from "./order-email.server";
export { orderEmailKinds, orderEmailKindLabels, type OrderEmailKind } from "./order-email-kinds";

export interface QueuedEmail {
  id: number;
  /** False when this order already had this e-mail queued (it is never queued twice). */
  created: boolean;
}

/** What the caller of an order e-mail holds of its order (the rest is read with the order's items). */
export type OrderEmailOrder = Pick<
  OrderEmailContent,
  "id" | "orderNumber" | "email" | "firstName" | "lastName" | "locale"
>;

/**
 * Queues an order e-mail in the outbox: the settings template (store name, order number,
 * customer name, tracking link on `links.publicUrl`) followed by the order's items, amounts, what
 * to pay on delivery, address and delivery slot, read from the order's row in `db` (so pass the
 * transaction that changed it). The sender (outbox.server.ts) delivers it later, so no change of
 * an order waits for SMTP. An order gets each template once: a second call (a retried checkout,
 * an order set to shipped again) returns the first row. An order without an e-mail address gets
 * none (null); an unknown order is refused (not_found).
 */
export async function queueOrderEmail(
  db: Db | Tx,
  order: OrderEmailOrder,
  template: QueuedOrderEmailKind,
  settings: Pick<Settings, "store" | "email_templates">,
  links: OrderEmailLinks,
  details: OrderEmailDetails = {},
): Promise<QueuedEmail | null> {
  if (!queuedOrderEmailKinds.includes(template)) throw new AppError("invalid", `Unknown e-mail template: ${template}`);
  const to = order.email;
  if (!to) return null;
  const [existing] = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.orderId, order.id), eq(emailOutbox.template, template)))
    .limit(1);
  if (existing) return { id: existing.id, created: false };
  const content = await readOrderEmailContent(db, order.id);
  const [row] = await db
    .insert(emailOutbox)
    .values(orderEmailRow({ ...content, email: to }, template, settings, links, details))
    .returning({ id: emailOutbox.id });
  return { id: row.id, created: true };
}

/**
 * The insert of a new order's e-mail, not run (null without an address): for checkout, which
 * puts it in the statement that writes the rest of the order (decision 0026), with the order's
 * content as it is writing it. A new order has no e-mail yet, so queueOrderEmail's "once per
 * order" holds without its look-up.
 */
export function newOrderEmailInsert(
  db: Db | Tx,
  order: OrderEmailContent,
  template: QueuedOrderEmailKind,
  settings: Pick<Settings, "store" | "email_templates">,
  links: OrderEmailLinks,
) {
  if (!queuedOrderEmailKinds.includes(template)) throw new AppError("invalid", `Unknown e-mail template: ${template}`);
  const to = order.email;
  return to ? db.insert(emailOutbox).values(orderEmailRow({ ...order, email: to }, template, settings, links)) : null;
}

const queuedOrderEmailKinds: readonly OrderEmailKind[] = [
  "order_confirmation",
  "order_shipped",
  "order_delivered",
  "order_cancelled",
] satisfies QueuedOrderEmailKind[];

/** The outbox row of an order e-mail: the e-mail rendered for the order. */
function orderEmailRow(
  order: OrderEmailContent & { email: string },
  template: QueuedOrderEmailKind,
  settings: Pick<Settings, "store" | "email_templates">,
  links: OrderEmailLinks,
  details: OrderEmailDetails = {},
): NewEmailOutbox {
  const rendered = renderOrderEmail(template, order, settings, links, details);
  return {
    toEmail: order.email,
    subject: rendered.subject,
    bodyText: rendered.text,
    bodyHtml: rendered.html,
    template,
    orderId: order.id,
    status: "pending",
  };
}

/**
 * An order e-mail as it reads for an order (the console's preview; nothing is queued), its
 * one-time links masked like the outbox's. Null when there is no order yet.
 */
export async function previewOrderEmail(
  db: Db | Tx,
  kind: OrderEmailKind,
  orderId: string | null,
  settings: Pick<Settings, "store" | "email_templates">,
  links: OrderEmailLinks,
): Promise<{
  order: Pick<OrderEmailContent, "id" | "orderNumber" | "locale" | "email">;
  rendered: RenderedEmail;
} | null> {
  const id = orderId ?? (await latestOrderId(db));
  if (!id) return null;
  const content = await readOrderEmailContent(db, id);
  const details = kind === "order_cancelled" ? { cancelReason: await lastCancelReason(db, id) } : {};
  const rendered = renderOrderEmail(kind, content, settings, links, details);
  return {
    order: { id: content.id, orderNumber: content.orderNumber, locale: content.locale, email: content.email },
    rendered: { subject: rendered.subject, text: redactSecrets(rendered.text), html: redactSecrets(rendered.html) },
  };
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

/*
 * The console reads the outbox through listOutbox and getOutboxEmail only, and both mask every
 * one-time link (invitation, newsletter confirmation and unsubscribe, review link) whoever the
 * reader is, owner included (issue 30, decision 0043): such a link makes its holder the
 * recipient. The rows keep the real links for the sender (outbox.server.ts), which reads the
 * table itself.
 */

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
  return {
    rows: rows.map((row) => ({ ...row, lastError: row.lastError && redactSecrets(row.lastError) })),
    total,
    page: current,
    pageCount,
  };
}

/** An outbox message as the console shows it: its bodies with every one-time link masked, no headers. */
export type OutboxEmailView = Omit<EmailOutbox, "headers">;

/** One outbox message with its bodies, one-time links masked, or null. */
export async function getOutboxEmail(db: Db | Tx, id: number): Promise<OutboxEmailView | null> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  if (!row) return null;
  const { headers: _headers, ...shown } = row;
  return {
    ...shown,
    bodyText: redactSecrets(row.bodyText),
    bodyHtml: row.bodyHtml && redactSecrets(row.bodyHtml),
    lastError: row.lastError && redactSecrets(row.lastError),
  };
}

export const INVITATION_RETRY_MESSAGE = "Email mời không gửi lại từ hộp thư: vào Nhân viên và bấm gửi lại lời mời";

/**
 * Puts a failed message back in the queue with a fresh set of attempts (admin "Gửi lại"). Not an
 * invitation: its link may have been replaced or revoked since (decision 0043); the staff page
 * sends a new one.
 */
export async function retryOutboxEmail(db: Db | Tx, id: number): Promise<void> {
  const [row] = await db
    .update(emailOutbox)
    .set({ status: "pending", attempts: 0, lastError: null, createdAt: new Date() })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "failed"), ne(emailOutbox.template, "staff_invitation")))
    .returning({ id: emailOutbox.id });
  if (row) return;
  const [message] = await db.select({ template: emailOutbox.template }).from(emailOutbox).where(eq(emailOutbox.id, id));
  if (message?.template === "staff_invitation") throw new AppError("conflict", INVITATION_RETRY_MESSAGE);
  throw new AppError("conflict", "Chỉ có thể gửi lại email đã gửi thất bại");
}
