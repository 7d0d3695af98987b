import { and, asc, desc, eq, sql } from "drizzle-orm";
import {
  orderItems,
  orderStatusHistory,
  orders,
  shipments,
  type EmailTemplate,
  type PaymentStatus,
  type PickupStoreSnapshot,
  type ShippingMethod,
} from "~/db/schema";
import {
  describeDeliveryExpectation,
  orderDeliveryExpectation,
  type OrderDeliveryExpectation,
} from "~/features/settings/delivery-calendar";
import { getSetting, type Settings } from "~/features/settings/settings.server";
import { emailTemplateFor } from "~/features/settings/settings.schema";
import { reviewLinkFor } from "~/features/reviews/reviews.server";
import { localizedPath, type Locale } from "~/lib/i18n/locale";
import { formatVnd } from "~/lib/money";
import { formatOrderNumber } from "~/lib/order-number";
import { displayName } from "~/lib/person-name";
import type { Db, Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { translatorFor } from "~/server/i18n.server";
import type { OrderEmailKind } from "./order-email-kinds";
import { escapeHtml, orderLinkVariables, renderTemplate, type EmailTemplateText, type RenderedEmail } from "./render";

/*
 * The order e-mails a cash-on-delivery buyer can act on (issue 18 item 2): the merchant's words
 * (settings templates, or the built-in ones for delivered and cancelled), then the order itself —
 * items, amounts as stored on the order, what to pay at the door, the address, the delivery day
 * and slot, and the tracking link — in the order's language, as HTML and as plain text.
 */

/** The order kinds the outbox stores (its template check): all four since migration 0016. */
export type QueuedOrderEmailKind = Extract<OrderEmailKind, EmailTemplate>;

/**
 * What the shop's address is for the e-mails: its public URL (PUBLIC_URL, never a request's
 * Host — the links go to a mailbox). The routes pass `context.env.PUBLIC_URL` down.
 */
export interface OrderEmailLinks {
  publicUrl: string;
  /** Signs the delivered e-mail's review link (AUTH_SECRET). */
  secret: string;
}

/** The e-mails' links from the environment: every route that queues or previews an order e-mail uses it. */
export function orderEmailLinksOf(env: { PUBLIC_URL: string; AUTH_SECRET: string }): OrderEmailLinks {
  return { publicUrl: env.PUBLIC_URL, secret: env.AUTH_SECRET };
}

/** An order as its e-mails show it: the order row's own snapshot and amounts, never recomputed. */
export interface OrderEmailContent {
  id: string;
  orderNumber: number;
  /** Null when the shopper gave none: nothing is sent. */
  email: string | null;
  firstName: string;
  lastName: string;
  phone: string;
  locale: Locale;
  subtotal: number;
  discount: number;
  discountCode: string | null;
  shippingFee: number;
  /** VAT included in the total. */
  tax: number;
  total: number;
  paymentStatus: PaymentStatus;
  address: string;
  wardName: string;
  districtName: string | null;
  provinceName: string;
  shippingMethod: ShippingMethod;
  shippingDate: string | null;
  shippingSlot: string | null;
  /** What the e-mail says about the delivery: the booked slot, the rules' range, or the carrier's day once shipped. */
  delivery: OrderDeliveryExpectation;
  /** Store pickup: the shop the buyer chose, as the order keeps it (older orders and deliveries: none). */
  pickupStore?: PickupStoreSnapshot | null;
  items: ReadonlyArray<{ productName: string; quantity: number; unitPrice: number; totalPrice: number }>;
}

/** What an e-mail says beyond the order's row: the reason the shop gave for a cancellation, the parcel's carrier. */
export interface OrderEmailDetails {
  cancelReason?: string | null;
  /** The parcel's carrier, code and the carrier's own tracking page (the shipped e-mail, at hand-over). */
  shipment?: { carrierName: string; trackingCode: string | null; trackingUrl: string | null };
}

/**
 * The reason of the order's last cancellation, read back from its history note ("Lý do hủy: <reason> ·
 * …", written by the orders feature), for the console's preview; null when there is none.
 */
export async function lastCancelReason(db: Db | Tx, orderId: string): Promise<string | null> {
  const [row] = await db
    .select({ note: orderStatusHistory.note })
    .from(orderStatusHistory)
    .where(
      and(
        eq(orderStatusHistory.orderId, orderId),
        eq(orderStatusHistory.toStatus, "cancelled"),
        sql`${orderStatusHistory.fromStatus} is distinct from 'cancelled'`,
      ),
    )
    .orderBy(desc(orderStatusHistory.createdAt), desc(orderStatusHistory.id))
    .limit(1);
  const match = row?.note?.match(/^Lý do hủy: ([\s\S]*) · (?:Đã nhập lại|Không nhập lại) hàng vào kho$/);
  return match?.[1].trim() || null;
}

/** The buyer's tracking page for an order, number filled in, in the order's language. */
export function orderLookupUrl(
  links: OrderEmailLinks,
  order: Pick<OrderEmailContent, "orderNumber" | "locale">,
): string {
  const path = localizedPath(`/order-lookup?number=${formatOrderNumber(order.orderNumber)}`, order.locale);
  return `${links.publicUrl.replace(/\/+$/, "")}${path}`;
}

/** An order's e-mail content from its row and items (not found: AppError not_found). */
export async function readOrderEmailContent(db: Db | Tx, orderId: string): Promise<OrderEmailContent> {
  const [order] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      email: orders.email,
      firstName: orders.firstName,
      lastName: orders.lastName,
      phone: orders.phone,
      locale: orders.locale,
      subtotal: orders.subtotal,
      discount: orders.discount,
      discountCode: orders.discountCode,
      shippingFee: orders.shippingFee,
      tax: orders.tax,
      total: orders.total,
      paymentStatus: orders.paymentStatus,
      address: orders.address,
      wardName: orders.wardName,
      districtName: orders.districtName,
      provinceName: orders.provinceName,
      shippingMethod: orders.shippingMethod,
      shippingDate: orders.shippingDate,
      shippingSlot: orders.shippingSlot,
      provinceCode: orders.provinceCode,
      createdAt: orders.createdAt,
      pickupStore: orders.pickupStore,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw new AppError("not_found", "Không tìm thấy đơn hàng");
  // The live parcel (read only; the shipping feature writes it): its carrier's day, or its hand-over.
  const [shipment] = await db
    .select({ expectedDeliveryAt: shipments.expectedDeliveryAt, handedOverAt: shipments.createdAt })
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), sql`${shipments.status} <> 'cancelled'`))
    .orderBy(desc(shipments.createdAt))
    .limit(1);
  const delivery = orderDeliveryExpectation(order, shipment ?? null, await getSetting(db, "delivery"));
  const items = await db
    .select({
      // In the order's language: an English order names the English product it was placed with.
      productName:
        order.locale === "en"
          ? sql<string>`coalesce(${orderItems.productNameEn}, ${orderItems.productName})`
          : orderItems.productName,
      quantity: orderItems.quantity,
      unitPrice: orderItems.unitPrice,
      totalPrice: orderItems.totalPrice,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  return { ...order, delivery, items };
}

/** The newest orders, for the console's preview picker. */
export async function listOrdersForPreview(db: Db | Tx, limit = 30) {
  return db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      firstName: orders.firstName,
      lastName: orders.lastName,
      locale: orders.locale,
    })
    .from(orders)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/** The id of the newest order (the preview's default), or null when there is none. */
export async function latestOrderId(db: Db | Tx): Promise<string | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row?.id ?? null;
}

/** The e-mail texts that are not the merchant's to edit, per language. */
const texts = {
  vi: {
    orderTitle: "Đơn hàng {number}",
    itemLine: "{quantity} × {price}",
    vatIncluded: "Đã bao gồm VAT: {amount}",
    toPay: "Số tiền cần thanh toán khi nhận hàng",
    paid: "Đã thanh toán",
    nothingToPay: "Đơn hàng đã hủy: bạn không cần thanh toán",
    cancelReason: "Lý do hủy: {reason}",
    deliverTo: "Giao đến",
    delivery: "Giao hàng",
    pickupAt: "Nhận hàng tại",
    pickupHours: "Mở cửa {opens}–{closes} hằng ngày",
    pickupMap: "Xem bản đồ",
    track: "Theo dõi đơn hàng",
    carrier: "Đơn vị vận chuyển: {carrier}",
    trackingCode: "Mã vận đơn: {code}",
    carrierTrack: "Theo dõi trên trang {carrier}",
    review: "Đánh giá sản phẩm",
  },
  en: {
    orderTitle: "Order {number}",
    itemLine: "{quantity} × {price}",
    vatIncluded: "VAT included: {amount}",
    toPay: "Amount to pay on delivery",
    paid: "Paid",
    nothingToPay: "Order cancelled: nothing to pay",
    cancelReason: "Reason: {reason}",
    deliverTo: "Deliver to",
    delivery: "Delivery",
    pickupAt: "Pick up at",
    pickupHours: "Open {opens}–{closes} daily",
    pickupMap: "View map",
    track: "Track your order",
    carrier: "Carrier: {carrier}",
    trackingCode: "Tracking code: {code}",
    carrierTrack: "Track on {carrier}'s site",
    review: "Review what you bought",
  },
} as const satisfies Record<Locale, Record<string, string>>;

/** The merchant does not edit these two (the settings have no template for them yet): the shop's own words. */
const builtInTemplates: Record<Locale, Record<"order_delivered" | "order_cancelled", EmailTemplateText>> = {
  vi: {
    order_delivered: {
      subject: "{{store_name}} - Đơn hàng {{order_number}} đã được giao",
      body: [
        "Xin chào {{customer_name}},",
        "",
        "Đơn hàng {{order_number}} đã được giao thành công. Cảm ơn bạn đã tin chọn {{store_name}}!",
        "",
        "Nếu sản phẩm có vấn đề hoặc bạn muốn đổi trả, chỉ cần trả lời email này: chúng tôi sẽ hỗ trợ ngay.",
        "",
        "Trân trọng,",
        "Đội ngũ {{store_name}}",
      ].join("\n"),
    },
    order_cancelled: {
      subject: "{{store_name}} - Đơn hàng {{order_number}} đã bị hủy",
      body: [
        "Xin chào {{customer_name}},",
        "",
        "Đơn hàng {{order_number}} đã được hủy. Bạn không cần thanh toán cho đơn hàng này.",
        "",
        "Nếu bạn không yêu cầu hủy hoặc muốn đặt lại, hãy trả lời email này để chúng tôi hỗ trợ.",
        "",
        "Trân trọng,",
        "Đội ngũ {{store_name}}",
      ].join("\n"),
    },
  },
  en: {
    order_delivered: {
      subject: "{{store_name}} - Order {{order_number}} delivered",
      body: [
        "Hello {{customer_name}},",
        "",
        "Order {{order_number}} has been delivered. Thank you for choosing {{store_name}}!",
        "",
        "If anything is wrong with your products or you would like to return them, just reply to this e-mail and we will help right away.",
        "",
        "Kind regards,",
        "The {{store_name}} team",
      ].join("\n"),
    },
    order_cancelled: {
      subject: "{{store_name}} - Order {{order_number}} cancelled",
      body: [
        "Hello {{customer_name}},",
        "",
        "Order {{order_number}} has been cancelled. You do not need to pay for it.",
        "",
        "If you did not ask for this or would like to order again, just reply to this e-mail.",
        "",
        "Kind regards,",
        "The {{store_name}} team",
      ].join("\n"),
    },
  },
};

function templateFor(
  kind: OrderEmailKind,
  settings: Pick<Settings, "email_templates">,
  locale: Locale,
): EmailTemplateText {
  if (kind === "order_confirmation") return emailTemplateFor(settings.email_templates, "orderConfirmation", locale);
  if (kind === "order_shipped") return emailTemplateFor(settings.email_templates, "orderShipped", locale);
  return builtInTemplates[locale][kind];
}

const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (match, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : match));

/** What the buyer is told about paying: the COD amount, or that nothing is left to pay. */
function paymentLine(kind: OrderEmailKind, order: OrderEmailContent): { label: string; amount: string | null } {
  const say = texts[order.locale];
  // A delivered COD parcel was paid at the door, whether or not the carrier has remitted it yet.
  if (order.paymentStatus === "paid" || kind === "order_delivered") return { label: say.paid, amount: null };
  if (kind === "order_cancelled") return { label: say.nothingToPay, amount: null };
  return { label: say.toPay, amount: formatVnd(order.total) };
}

/** The delivery line: the booked day and slot, the rules' range, or the carrier's expected day. */
/** The order block of the e-mail: rows of [label, value] shared by the HTML and text parts. */
function orderSummary(
  kind: OrderEmailKind,
  order: OrderEmailContent,
  links: OrderEmailLinks,
  details: OrderEmailDetails,
) {
  const t = translatorFor(order.locale);
  const say = texts[order.locale];
  const methodKey = {
    "local-delivery": "checkout.shipping.localDelivery",
    "store-pickup": "checkout.shipping.storePickup",
    express: "checkout.shipping.express",
  } as const;
  const method = t(methodKey[order.shippingMethod]);
  const totals: Array<[string, string]> = [[t("checkout.order.subtotal"), formatVnd(order.subtotal)]];
  if (order.discount > 0 || order.discountCode) {
    totals.push([
      order.discountCode
        ? t("checkout.order.discountWithCode", { code: order.discountCode })
        : t("checkout.order.discount"),
      // A code that took nothing off the goods waived the delivery fee (free_shipping): never "−0 ₫".
      order.discount > 0 ? `−${formatVnd(order.discount)}` : t("checkout.order.freeShipping"),
    ]);
  }
  totals.push([
    t("checkout.order.shipping", { method }),
    order.shippingFee === 0 ? t("checkout.order.freeShipping") : formatVnd(order.shippingFee),
  ]);
  const delivery = describeDeliveryExpectation(order.delivery, order.locale, t);
  return {
    title: fill(say.orderTitle, { number: formatOrderNumber(order.orderNumber) }),
    itemsTitle: t("checkout.order.items"),
    items: order.items.map((item) => ({
      name: item.productName,
      detail: fill(say.itemLine, { quantity: item.quantity, price: formatVnd(item.unitPrice) }),
      amount: formatVnd(item.totalPrice),
    })),
    totals,
    total: [t("checkout.order.total"), formatVnd(order.total)] as const,
    vat: order.tax > 0 ? fill(say.vatIncluded, { amount: formatVnd(order.tax) }) : null,
    payment: paymentLine(kind, order),
    reason:
      kind === "order_cancelled" && details.cancelReason?.trim()
        ? fill(say.cancelReason, { reason: details.cancelReason.trim() })
        : null,
    addressTitle: say.deliverTo,
    address: [
      displayName(order, order.locale),
      order.phone,
      order.address,
      [order.wardName, order.districtName, order.provinceName].filter(Boolean).join(", "),
    ],
    deliveryTitle: say.delivery,
    delivery,
    parcel: details.shipment
      ? [
          fill(say.carrier, { carrier: details.shipment.carrierName }),
          ...(details.shipment.trackingCode ? [fill(say.trackingCode, { code: details.shipment.trackingCode })] : []),
        ]
      : [],
    carrierTrack: details.shipment?.trackingUrl
      ? { label: fill(say.carrierTrack, { carrier: details.shipment.carrierName }), url: details.shipment.trackingUrl }
      : null,
    pickup: pickupBlock(order),
    trackLabel: say.track,
    trackUrl: orderLookupUrl(links, order),
    // Delivered: the buyer can review what they bought (a signed link, issue 19).
    review:
      kind === "order_delivered"
        ? {
            label: say.review,
            url: reviewLinkFor(order, { siteUrl: links.publicUrl.replace(/\/+$/, ""), secret: links.secret }),
          }
        : null,
  };
}

/** A pickup order's shop: where, when it opens, its phone and map (decision 0051). */
function pickupBlock(order: OrderEmailContent) {
  const shop = order.pickupStore;
  if (!shop) return null;
  const say = texts[order.locale];
  return {
    title: say.pickupAt,
    lines: [
      shop.name,
      shop.address,
      fill(say.pickupHours, { opens: shop.opensAt, closes: shop.closesAt }),
      ...(shop.phone ? [shop.phone] : []),
    ],
    map: shop.mapUrl ? { label: say.pickupMap, url: shop.mapUrl } : null,
  };
}

function summaryText(summary: ReturnType<typeof orderSummary>): string {
  const lines = [`== ${summary.title} ==`, "", `${summary.itemsTitle}:`];
  for (const item of summary.items) lines.push(`- ${item.name}: ${item.detail} = ${item.amount}`);
  lines.push("");
  for (const [label, value] of summary.totals) lines.push(`${label}: ${value}`);
  lines.push(`${summary.total[0]}: ${summary.total[1]}`);
  if (summary.vat) lines.push(`(${summary.vat})`);
  lines.push(
    "",
    summary.payment.amount ? `${summary.payment.label}: ${summary.payment.amount}` : summary.payment.label,
  );
  if (summary.reason) lines.push(summary.reason);
  lines.push("", `${summary.addressTitle}:`, ...summary.address, "", `${summary.deliveryTitle}: ${summary.delivery}`);
  lines.push(...summary.parcel);
  if (summary.pickup) {
    lines.push("", `${summary.pickup.title}:`, ...summary.pickup.lines);
    if (summary.pickup.map) lines.push(`${summary.pickup.map.label}: ${summary.pickup.map.url}`);
  }
  lines.push("", `${summary.trackLabel}: ${summary.trackUrl}`);
  if (summary.carrierTrack) lines.push(`${summary.carrierTrack.label}: ${summary.carrierTrack.url}`);
  if (summary.review) lines.push(`${summary.review.label}: ${summary.review.url}`);
  return lines.join("\n");
}

const cell = "padding:6px 0;vertical-align:top";
const buttonStyle =
  "display:inline-block;margin:0 8px 8px 0;padding:10px 20px;background:#0f766e;color:#ffffff;border-radius:8px;text-decoration:none;font-weight:bold";
const amountCell = `${cell};text-align:right;white-space:nowrap`;

function summaryHtml(summary: ReturnType<typeof orderSummary>): string {
  const e = escapeHtml;
  const itemRows = summary.items
    .map(
      (item) =>
        `<tr><td style="${cell};border-bottom:1px solid #e5ecec">${e(item.name)}<br><span style="color:#5f6b73;font-size:13px">${e(item.detail)}</span></td>` +
        `<td style="${amountCell};border-bottom:1px solid #e5ecec">${e(item.amount)}</td></tr>`,
    )
    .join("");
  const totalRows = summary.totals
    .map(([label, value]) => `<tr><td style="${cell}">${e(label)}</td><td style="${amountCell}">${e(value)}</td></tr>`)
    .join("");
  const payment = summary.payment.amount
    ? `${e(summary.payment.label)}: <strong style="font-size:18px">${e(summary.payment.amount)}</strong>`
    : `<strong>${e(summary.payment.label)}</strong>`;
  return [
    `<h2 style="margin:24px 0 8px;font-size:18px">${e(summary.title)}</h2>`,
    `<table role="presentation" style="width:100%;border-collapse:collapse;font-size:15px">`,
    `<tr><th scope="col" style="text-align:left;padding:6px 0;border-bottom:2px solid #222f38">${e(summary.itemsTitle)}</th><th style="border-bottom:2px solid #222f38"></th></tr>`,
    itemRows,
    totalRows,
    `<tr><td style="${cell};border-top:2px solid #222f38;font-weight:bold">${e(summary.total[0])}</td><td style="${amountCell};border-top:2px solid #222f38;font-weight:bold">${e(summary.total[1])}</td></tr>`,
    "</table>",
    summary.vat ? `<p style="margin:4px 0 0;text-align:right;color:#5f6b73;font-size:13px">${e(summary.vat)}</p>` : "",
    `<p style="margin:16px 0;padding:12px 16px;background:#f0f7f7;border-radius:8px">${payment}${summary.reason ? `<br>${e(summary.reason)}` : ""}</p>`,
    `<h3 style="margin:16px 0 4px;font-size:15px">${e(summary.addressTitle)}</h3>`,
    `<p style="margin:0">${summary.address.map(e).join("<br>")}</p>`,
    `<h3 style="margin:16px 0 4px;font-size:15px">${e(summary.deliveryTitle)}</h3>`,
    `<p style="margin:0">${[summary.delivery, ...summary.parcel].map(e).join("<br>")}</p>`,
    summary.pickup
      ? `<h3 style="margin:16px 0 4px;font-size:15px">${e(summary.pickup.title)}</h3>` +
        `<p style="margin:0">${summary.pickup.lines.map(e).join("<br>")}` +
        (summary.pickup.map ? `<br><a href="${e(summary.pickup.map.url)}">${e(summary.pickup.map.label)}</a>` : "") +
        "</p>"
      : "",
    `<p style="margin:24px 0 0"><a href="${e(summary.trackUrl)}" style="${buttonStyle}">${e(summary.trackLabel)}</a>` +
      (summary.carrierTrack
        ? ` <a href="${e(summary.carrierTrack.url)}" style="${buttonStyle}">${e(summary.carrierTrack.label)}</a>`
        : "") +
      (summary.review
        ? ` <a href="${e(summary.review.url)}" style="${buttonStyle}">${e(summary.review.label)}</a>`
        : "") +
      "</p>",
  ].join("\n");
}

/** An order e-mail of a kind, rendered for its order in the order's language (HTML and text). */
export function renderOrderEmail(
  kind: OrderEmailKind,
  order: OrderEmailContent,
  settings: Pick<Settings, "store" | "email_templates">,
  links: OrderEmailLinks,
  details: OrderEmailDetails = {},
): RenderedEmail {
  const summary = orderSummary(kind, order, links, details);
  return renderTemplate(
    templateFor(kind, settings, order.locale),
    {
      store_name: settings.store.storeName,
      order_number: formatOrderNumber(order.orderNumber),
      customer_name: displayName(order, order.locale),
      order_lookup_url: summary.trackUrl,
    },
    {
      lang: order.locale,
      linkVariables: orderLinkVariables,
      appendix: { text: summaryText(summary), html: summaryHtml(summary) },
    },
  );
}
