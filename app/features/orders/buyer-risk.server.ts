import { eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { blockedPhones, orders } from "~/db/schema";
import type { FulfilmentSettings } from "~/features/settings/settings.schema";
import { getSettings } from "~/features/settings/settings.server";
import { formatVnd } from "~/lib/money";
import type { Db, Tx } from "~/server/db.server";

/*
 * Buyer risk (issue 16): a phone's history in this shop, read from the orders alone (no outside
 * service), and the reasons it deserves a careful call before the parcel leaves.
 */

/** Open: placed and not finished (waiting for confirmation, confirmed, on its way). */
const OPEN = sql`('pending', 'processing', 'shipped')`;
/** Refused at the door or returned: the parcel is coming back, or came back. */
const REFUSED = sql`('returning', 'returned')`;

export interface RiskThresholds {
  /** Open orders of one phone from which it is flagged. */
  openOrders: number;
  /** An order total from which it is flagged (null while the shop has no order to average). */
  valueLimit: number | null;
  /** The shop's average order value (đồng, rounded), or null with no order yet. */
  averageOrderValue: number | null;
  valueMultiple: number;
}

/**
 * The shop's average order value: over every order that was not cancelled (whatever happened to
 * it after). Not only the delivered ones: a new shop has few delivered orders yet, and a buyer's
 * usual basket is what they order. Refused orders count: they were real baskets too.
 */
export async function averageOrderValue(db: Db | Tx): Promise<number | null> {
  const [row] = await db
    .select({ average: sql<string | null>`round(avg(${orders.total}))` })
    .from(orders)
    .where(sql`${orders.status} <> 'cancelled'`);
  return row?.average == null ? null : Number(row.average);
}

export async function riskThresholds(db: Db | Tx, fulfilment: FulfilmentSettings): Promise<RiskThresholds> {
  const average = await averageOrderValue(db);
  return {
    openOrders: fulfilment.riskOpenOrders,
    valueMultiple: fulfilment.riskValueMultiple,
    averageOrderValue: average,
    valueLimit: average && average > 0 ? average * fulfilment.riskValueMultiple : null,
  };
}

/**
 * Whether the order of `phone` with `total` is flagged, as one SQL expression for the rows of a
 * list page (correlated subqueries on orders_phone_idx, evaluated only for the page's rows). The
 * same rules as getBuyerRisk's flags.
 */
export function riskFlaggedSql(
  phone: AnyPgColumn | SQL,
  total: AnyPgColumn | SQL,
  thresholds: RiskThresholds,
): SQL<boolean> {
  const byValue = thresholds.valueLimit === null ? sql`false` : sql`${total} >= ${thresholds.valueLimit}`;
  return sql<boolean>`(
    exists (select 1 from ${blockedPhones} b where b.phone = ${phone})
    or exists (select 1 from ${orders} r where r.phone = ${phone} and r.status in ${REFUSED})
    or (select count(*) from ${orders} r where r.phone = ${phone} and r.status in ${OPEN}) >= ${thresholds.openOrders}
    or ${byValue}
  )`.mapWith(Boolean);
}

export type RiskFlagKind = "refused" | "open_orders" | "high_value" | "blocked";

export interface BuyerRisk {
  phone: string;
  /** Every order of the phone in this shop, this one included (archived ones too). */
  placed: number;
  delivered: number;
  /** Refused at the door or returned (returning, returned). */
  refused: number;
  cancelled: number;
  /** Pending, confirmed or on its way, this one included. */
  open: number;
  averageOrderValue: number | null;
  blocked: { note: string; blockedByName: string | null; createdAt: Date } | null;
  flags: Array<{ kind: RiskFlagKind; text: string }>;
}

/** "3,5" (vi-VN decimal comma, at most one decimal). */
const times = (value: number) => value.toLocaleString("vi-VN", { maximumFractionDigits: 1 });

/** The phone's figures in this shop and its flags, for the order `order` (its total is judged). */
export async function getBuyerRisk(db: Db | Tx, order: { phone: string; total: number }): Promise<BuyerRisk> {
  const counted = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  const [[figures], [blocked], settings] = await Promise.all([
    db
      .select({
        placed: sql<number>`count(*)`.mapWith(Number),
        delivered: counted(sql`${orders.status} = 'delivered'`),
        refused: counted(sql`${orders.status} in ${REFUSED}`),
        cancelled: counted(sql`${orders.status} = 'cancelled'`),
        open: counted(sql`${orders.status} in ${OPEN}`),
      })
      .from(orders)
      .where(eq(orders.phone, order.phone)),
    db
      .select({
        note: blockedPhones.note,
        blockedByName: blockedPhones.blockedByName,
        createdAt: blockedPhones.createdAt,
      })
      .from(blockedPhones)
      .where(eq(blockedPhones.phone, order.phone)),
    getSettings(db),
  ]);
  const thresholds = await riskThresholds(db, settings.fulfilment);
  const flags: BuyerRisk["flags"] = [];
  if (blocked)
    flags.push({ kind: "blocked", text: `Số điện thoại đã bị chặn${blocked.note ? `: ${blocked.note}` : ""}` });
  if (figures.refused > 0)
    flags.push({ kind: "refused", text: `Đã từng từ chối nhận hoặc hoàn ${figures.refused} đơn hàng` });
  if (figures.open >= thresholds.openOrders)
    flags.push({
      kind: "open_orders",
      text: `Đang có ${figures.open} đơn chưa hoàn tất cùng lúc (cảnh báo từ ${thresholds.openOrders} đơn)`,
    });
  if (thresholds.valueLimit !== null && thresholds.averageOrderValue && order.total >= thresholds.valueLimit)
    flags.push({
      kind: "high_value",
      text: `Giá trị đơn ${formatVnd(order.total)} gấp ${times(order.total / thresholds.averageOrderValue)} lần giá trị đơn trung bình của cửa hàng (${formatVnd(thresholds.averageOrderValue)})`,
    });
  return {
    phone: order.phone,
    ...figures,
    averageOrderValue: thresholds.averageOrderValue,
    blocked: blocked ?? null,
    flags,
  };
}
