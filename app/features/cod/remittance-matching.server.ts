import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { codRemittanceLines, codRemittances, orders, shipments, type RemittanceLineStatus } from "~/db/schema";
import { markOrderPaidByRemittance } from "~/features/orders/order-transitions.server";
import type { Actor } from "~/features/orders/orders.server";
import { getSetting } from "~/features/settings/settings.server";
import { formatIsoDayVi } from "~/lib/dates";
import { formatVnd } from "~/lib/money";
import { inAuditedTransaction } from "~/server/audited-transaction.server";
import type { Db, Tx } from "~/server/db.server";

/*
 * Matching a payout line to a parcel (decision 0055). A line is matched when its code names a
 * live shipment whose parcel was delivered — by the shipment, or by its order (staff who mark an
 * order "Đã giao" have seen it delivered even when its shipment still says "Chờ lấy hàng") — with
 * the same COD amount, and whose order is not paid yet. A line that could not match stays open and
 * is matched again ("re-evaluated") whenever the COD page or its figures are computed, when staff
 * ask for it, and before any later payout's lines: so the earliest line for a parcel is the one
 * that counts, and a later one (a manual payout typed because the file's line was stuck) becomes
 * "already_remitted" instead of counting the money twice.
 */

/** A line's status that may still change: not matched, not yet resolved by staff. */
const reevaluatedStatuses: RemittanceLineStatus[] = ["not_delivered", "unknown_code", "amount_mismatch"];

export interface CandidateShipment {
  id: string;
  orderId: string;
  orderNumber: number;
  trackingCode: string;
  status: string;
  orderStatus: string;
  paymentStatus: string;
  codAmount: number;
  version: number;
}

/** Live shipments by upper-cased tracking code, with their order's state. */
export async function candidateShipments(tx: Db | Tx, rawCodes: string[]): Promise<Map<string, CandidateShipment>> {
  const codes = [...new Set(rawCodes.map((c) => c.toUpperCase()))];
  const found: CandidateShipment[] = [];
  // In chunks: a file may hold thousands of codes.
  for (let i = 0; i < codes.length; i += 1000) {
    found.push(
      ...(await tx
        .select({
          id: shipments.id,
          orderId: shipments.orderId,
          orderNumber: orders.orderNumber,
          trackingCode: sql<string>`upper(${shipments.trackingCode})`,
          status: shipments.status,
          orderStatus: orders.status,
          paymentStatus: orders.paymentStatus,
          codAmount: shipments.codAmount,
          version: shipments.version,
        })
        .from(shipments)
        .innerJoin(orders, eq(orders.id, shipments.orderId))
        .where(
          and(
            inArray(sql`upper(${shipments.trackingCode})`, codes.slice(i, i + 1000)),
            ne(shipments.status, "cancelled"),
          ),
        )),
    );
  }
  return new Map(found.map((s) => [s.trackingCode, s]));
}

/** Shipments among `ids` whose money a matched line already counts. */
export async function shipmentsWithMatchedLine(tx: Db | Tx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ shipmentId: codRemittanceLines.shipmentId })
    .from(codRemittanceLines)
    .where(and(inArray(codRemittanceLines.shipmentId, ids), eq(codRemittanceLines.status, "matched")));
  return new Set(rows.map((r) => r.shipmentId).filter((id): id is string => id !== null));
}

/** Whether the parcel counts as delivered for its COD money. */
export const parcelDelivered = (s: CandidateShipment) => s.status === "delivered" || s.orderStatus === "delivered";

/**
 * How one line matches. `counted`: shipments whose money a matched line already holds. An order
 * already paid (by an earlier line, or marked paid by hand) is "already_remitted": never twice.
 */
export function classifyLine(
  line: { codAmount: number },
  shipment: CandidateShipment | undefined,
  counted: Set<string>,
): RemittanceLineStatus {
  if (!shipment) return "unknown_code";
  if (counted.has(shipment.id) || shipment.paymentStatus === "paid" || shipment.paymentStatus === "refunded")
    return "already_remitted";
  if (!parcelDelivered(shipment)) return "not_delivered";
  if (shipment.codAmount !== line.codAmount) return "amount_mismatch";
  return "matched";
}

export function paidNote(carrierName: string, trackingCode: string, amount: number, remittedOn: string | null): string {
  return `Đã nhận tiền thu hộ ${formatVnd(amount)} từ ${carrierName} (mã vận đơn ${trackingCode}${remittedOn ? `, ngày ${formatIsoDayVi(remittedOn, true)}` : ""})`;
}

export interface ReevaluationResult {
  /** Open lines looked at. */
  checked: number;
  /** Of those, matched now (their orders marked paid). */
  matched: number;
  /** Of those, now "already_remitted" (the money was counted by another line or by hand). */
  alreadyRemitted: number;
}

/**
 * Matches open lines again, oldest payout first, inside the caller's transaction: of one payout
 * (`remittanceId`), of the given codes, or all. Only lines whose status changes are written.
 */
export async function reevaluateLinesIn(
  tx: Tx,
  scope: { remittanceId?: number; codes?: string[] },
  actor: Actor,
): Promise<ReevaluationResult> {
  if (scope.codes && scope.codes.length === 0) return { checked: 0, matched: 0, alreadyRemitted: 0 };
  const conditions = [inArray(codRemittanceLines.status, reevaluatedStatuses), isNull(codRemittanceLines.resolvedAt)];
  if (scope.remittanceId !== undefined) conditions.push(eq(codRemittanceLines.remittanceId, scope.remittanceId));
  if (scope.codes) {
    const upper = [...new Set(scope.codes.map((c) => c.toUpperCase()))];
    conditions.push(inArray(sql`upper(${codRemittanceLines.trackingCode})`, upper));
  }
  const open = await tx
    .select({
      id: codRemittanceLines.id,
      trackingCode: codRemittanceLines.trackingCode,
      codAmount: codRemittanceLines.codAmount,
      remittedOn: codRemittanceLines.remittedOn,
      status: codRemittanceLines.status,
      shipmentId: codRemittanceLines.shipmentId,
      carrierName: codRemittances.carrierName,
    })
    .from(codRemittanceLines)
    .innerJoin(codRemittances, eq(codRemittances.id, codRemittanceLines.remittanceId))
    .where(and(...conditions))
    .orderBy(asc(codRemittances.createdAt), asc(codRemittances.id), asc(codRemittanceLines.rowNumber))
    .for("update", { of: codRemittanceLines });
  const result: ReevaluationResult = { checked: open.length, matched: 0, alreadyRemitted: 0 };
  if (open.length === 0) return result;
  const byCode = await candidateShipments(
    tx,
    open.map((l) => l.trackingCode),
  );
  const counted = await shipmentsWithMatchedLine(
    tx,
    [...byCode.values()].map((s) => s.id),
  );
  for (const line of open) {
    const shipment = byCode.get(line.trackingCode.toUpperCase());
    const status = classifyLine(line, shipment, counted);
    const shipmentId = shipment?.id ?? null;
    if (status === line.status && shipmentId === line.shipmentId) continue;
    await tx.update(codRemittanceLines).set({ status, shipmentId }).where(eq(codRemittanceLines.id, line.id));
    if (status === "already_remitted") result.alreadyRemitted += 1;
    if (status !== "matched" || !shipment) continue;
    counted.add(shipment.id);
    shipment.paymentStatus = "paid";
    result.matched += 1;
    await markOrderPaidByRemittance(
      tx,
      shipment.orderId,
      actor,
      paidNote(line.carrierName, line.trackingCode, line.codAmount, line.remittedOn),
    );
  }
  return result;
}

/** "Đối soát lại": matches the open lines of one payout, or of all, again. */
export function reevaluateRemittanceLines(
  db: Db,
  scope: { remittanceId?: number },
  actor: Actor,
): Promise<ReevaluationResult> {
  return inAuditedTransaction(db, actor.userId, (tx) => reevaluateLinesIn(tx, scope, actor));
}

/** A parcel a payout line proves delivered: the shipping feature moves it, then its line matches. */
export interface ParcelProvedByPayout {
  shipmentId: string;
  version: number;
}

/**
 * When the shop counts money received as proof of delivery (settings fulfilment.payoutProvesDelivery,
 * as Sapo does): the shipments of open "not delivered" lines carrying exactly the parcel's COD
 * amount, still on their way (booked, in transit, or a failed attempt). The route has the shipping
 * feature mark each delivered and then re-evaluates (features compose at the route, decision 0048).
 */
export async function parcelsProvedByPayout(db: Db | Tx): Promise<ParcelProvedByPayout[]> {
  if (!(await getSetting(db, "fulfilment")).payoutProvesDelivery) return [];
  return db
    .selectDistinct({ shipmentId: shipments.id, version: shipments.version })
    .from(codRemittanceLines)
    .innerJoin(shipments, eq(shipments.id, codRemittanceLines.shipmentId))
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(
      and(
        eq(codRemittanceLines.status, "not_delivered"),
        isNull(codRemittanceLines.resolvedAt),
        eq(codRemittanceLines.codAmount, shipments.codAmount),
        inArray(shipments.status, ["booked", "in_transit", "failed"]),
        inArray(orders.paymentStatus, ["pending", "failed"]),
      ),
    );
}
