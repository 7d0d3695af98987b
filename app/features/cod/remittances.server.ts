import { createHash } from "node:crypto";
import { and, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import { codRemittanceLines, codRemittances, orders, shipments, type RemittanceLineStatus } from "~/db/schema";
import { markOrderPaidByRemittance } from "~/features/orders/order-transitions.server";
import type { Actor } from "~/features/orders/orders.server";
import { formatDateTimeVi, formatIsoDayVi, shopDayIso } from "~/lib/dates";
import { fieldErrorsOf } from "~/lib/form-fields";
import { formatVnd } from "~/lib/money";
import { inAuditedTransaction } from "~/server/audited-transaction.server";
import { rowsOf, type Db, type Tx } from "~/server/db.server";
import { uniqueViolation } from "~/server/db-errors.server";
import { AppError } from "~/server/errors.server";
import {
  carrierNameSchema,
  manualPayoutSchema,
  outstandingBuckets,
  resolveLineSchema,
  type ManualPayoutInput,
  type OutstandingBucketKey,
  type ResolveLineInput,
} from "./cod.schema";
import { parseRemittanceFile, type RemittanceFileLine } from "./remittance-file.server";

/*
 * COD reconciliation (issue 16, part 6): a carrier's payout, from its file or typed by hand, is
 * matched line by line to shipments by tracking code. A delivered shipment with the same COD
 * amount is "matched" and its order becomes paid (through the orders feature); anything else is a
 * difference staff resolve. Shipments are only read here (the shipping feature writes them); one
 * matched line per shipment is guaranteed by cod_remittance_lines_paid_shipment_idx.
 */

export const ALREADY_RESOLVED_MESSAGE = "Chênh lệch này đã được xử lý trước đó";
export const LINE_NOT_FOUND_MESSAGE = "Không tìm thấy dòng đối soát";

function parseOrInvalid<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors = fieldErrorsOf(result.error);
  throw new AppError("invalid", Object.values(fieldErrors)[0] ?? "Dữ liệu không hợp lệ", fieldErrors);
}

export interface RemittanceDifference {
  lineId: number;
  rowNumber: number;
  trackingCode: string;
  codAmount: number;
  /** The shipment's COD amount, when the code is one of ours. */
  expectedAmount: number | null;
  status: Exclude<RemittanceLineStatus, "matched">;
  orderId: string | null;
  orderNumber: number | null;
}

export interface RemittanceResult {
  remittanceId: number;
  carrierName: string;
  lineCount: number;
  matchedCount: number;
  /** COD of the matched lines (đồng). */
  matchedSum: number;
  codTotal: number;
  feeTotal: number;
  differences: RemittanceDifference[];
}

function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

function duplicateFileError(createdAt: Date, fileName: string | null): AppError {
  return new AppError(
    "conflict",
    `Tệp này đã được nhập lúc ${formatDateTimeVi(createdAt)}${fileName ? ` (${fileName})` : ""}: không có gì thay đổi.`,
  );
}

/**
 * Imports a carrier's remittance file. The same file (by SHA-256) a second time changes nothing
 * and says when it was imported; an unreadable file writes nothing.
 */
export async function importRemittance(
  db: Db,
  input: { fileName: string; bytes: Uint8Array; carrierName: string },
  actor: Actor,
): Promise<RemittanceResult> {
  const carrierName = parseOrInvalid(carrierNameSchema, input.carrierName);
  const fileName = input.fileName.trim().slice(0, 200) || "tệp đối soát";
  const digest = sha256(input.bytes);
  const [earlier] = await db
    .select({ createdAt: codRemittances.createdAt, fileName: codRemittances.fileName })
    .from(codRemittances)
    .where(eq(codRemittances.fileSha256, digest));
  if (earlier) throw duplicateFileError(earlier.createdAt, earlier.fileName);
  // Read before the transaction opens, and awaited: a reader off the main thread fits here too.
  const lines = await parseRemittanceFile(fileName, input.bytes);
  try {
    return await inAuditedTransaction(db, actor.userId, (tx) =>
      recordRemittance(
        tx,
        { carrierName, source: "file", fileName, fileSha256: digest, remittedOn: latestDay(lines) },
        lines,
        actor,
      ),
    );
  } catch (error) {
    // The same file imported at the same moment by another tab: the first one wins.
    if (uniqueViolation(error) === "cod_remittances_file_sha256_unique") {
      const [first] = await db
        .select({ createdAt: codRemittances.createdAt, fileName: codRemittances.fileName })
        .from(codRemittances)
        .where(eq(codRemittances.fileSha256, digest));
      if (first) throw duplicateFileError(first.createdAt, first.fileName);
    }
    throw error;
  }
}

function latestDay(lines: RemittanceFileLine[]): string | null {
  return lines.reduce<string | null>(
    (latest, l) => (l.remittedOn && (!latest || l.remittedOn > latest) ? l.remittedOn : latest),
    null,
  );
}

/**
 * A payout staff type by hand (a carrier that sends no file, or a file they cannot export).
 * `submissionKey` is the form's one-time key: the same form posted twice (a double click, a
 * resent request) records it once. Its hash takes the place of the file's, so the same unique
 * column guards both.
 */
export async function recordManualPayout(
  db: Db,
  input: ManualPayoutInput,
  actor: Actor,
  submissionKey?: string,
): Promise<RemittanceResult> {
  const payout = parseOrInvalid(manualPayoutSchema, input);
  const lines: RemittanceFileLine[] = payout.lines.map((l, i) => ({
    ...l,
    rowNumber: i + 1,
    remittedOn: payout.remittedOn,
  }));
  const digest = submissionKey ? sha256(new TextEncoder().encode(`manual:${submissionKey}`)) : null;
  const refuseRepeat = async () => {
    const [earlier] = digest
      ? await db
          .select({ createdAt: codRemittances.createdAt })
          .from(codRemittances)
          .where(eq(codRemittances.fileSha256, digest))
      : [];
    if (earlier)
      throw new AppError(
        "conflict",
        `Khoản chuyển tiền này đã được ghi lúc ${formatDateTimeVi(earlier.createdAt)}: không có gì thay đổi.`,
      );
  };
  await refuseRepeat();
  try {
    return await inAuditedTransaction(db, actor.userId, (tx) =>
      recordRemittance(
        tx,
        {
          carrierName: payout.carrierName,
          source: "manual",
          fileName: null,
          fileSha256: digest,
          remittedOn: payout.remittedOn,
        },
        lines,
        actor,
      ),
    );
  } catch (error) {
    if (uniqueViolation(error) === "cod_remittances_file_sha256_unique") await refuseRepeat();
    throw error;
  }
}

interface RemittanceHead {
  carrierName: string;
  source: "file" | "manual";
  fileName: string | null;
  fileSha256: string | null;
  remittedOn: string | null;
}

interface CandidateShipment {
  id: string;
  orderId: string;
  orderNumber: number;
  trackingCode: string;
  status: string;
  codAmount: number;
}

async function recordRemittance(
  tx: Tx,
  head: RemittanceHead,
  lines: RemittanceFileLine[],
  actor: Actor,
): Promise<RemittanceResult> {
  const codTotal = lines.reduce((sum, l) => sum + l.codAmount, 0);
  const feeTotal = lines.reduce((sum, l) => sum + l.fee, 0);
  const [remittance] = await tx
    .insert(codRemittances)
    .values({ ...head, codTotal, feeTotal, createdByUserId: actor.userId, createdByName: actor.name })
    .returning({ id: codRemittances.id });

  const codes = [...new Set(lines.map((l) => l.trackingCode.toUpperCase()))];
  const candidates: CandidateShipment[] = [];
  // In chunks: a file may hold thousands of codes.
  for (let i = 0; i < codes.length; i += 1000) {
    candidates.push(
      ...(await tx
        .select({
          id: shipments.id,
          orderId: shipments.orderId,
          orderNumber: orders.orderNumber,
          trackingCode: sql<string>`upper(${shipments.trackingCode})`,
          status: shipments.status,
          codAmount: shipments.codAmount,
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
  const byCode = new Map(candidates.map((s) => [s.trackingCode, s]));
  const ids = candidates.map((s) => s.id);
  const paid = new Set(
    ids.length === 0
      ? []
      : (
          await tx
            .select({ shipmentId: codRemittanceLines.shipmentId })
            .from(codRemittanceLines)
            .where(and(inArray(codRemittanceLines.shipmentId, ids), eq(codRemittanceLines.status, "matched")))
        ).map((r) => r.shipmentId),
  );

  const rows: Array<typeof codRemittanceLines.$inferInsert> = [];
  const paidNow: Array<{ shipment: CandidateShipment; line: RemittanceFileLine }> = [];
  for (const line of lines) {
    const shipment = byCode.get(line.trackingCode.toUpperCase());
    let status: RemittanceLineStatus;
    if (!shipment) status = "unknown_code";
    else if (paid.has(shipment.id)) status = "already_remitted";
    else if (shipment.status !== "delivered") status = "not_delivered";
    else if (shipment.codAmount !== line.codAmount) status = "amount_mismatch";
    else {
      status = "matched";
      paid.add(shipment.id);
      paidNow.push({ shipment, line });
    }
    rows.push({
      remittanceId: remittance.id,
      rowNumber: line.rowNumber,
      trackingCode: line.trackingCode,
      codAmount: line.codAmount,
      fee: line.fee,
      remittedOn: line.remittedOn,
      shipmentId: shipment?.id ?? null,
      status,
    });
  }
  const inserted: Array<{ id: number; rowNumber: number; status: RemittanceLineStatus }> = [];
  for (let i = 0; i < rows.length; i += 1000) {
    inserted.push(
      ...(await tx
        .insert(codRemittanceLines)
        .values(rows.slice(i, i + 1000))
        .returning({
          id: codRemittanceLines.id,
          rowNumber: codRemittanceLines.rowNumber,
          status: codRemittanceLines.status,
        })),
    );
  }
  for (const { shipment, line } of paidNow) {
    await markOrderPaidByRemittance(
      tx,
      shipment.orderId,
      actor,
      paidNote(head.carrierName, line.trackingCode, line.codAmount, line.remittedOn),
    );
  }

  const differences: RemittanceDifference[] = [];
  rows.forEach((row, i) => {
    if (row.status === "matched") return;
    const shipment = byCode.get(row.trackingCode.toUpperCase());
    differences.push({
      lineId: inserted[i].id,
      rowNumber: row.rowNumber,
      trackingCode: row.trackingCode,
      codAmount: row.codAmount,
      expectedAmount: shipment?.codAmount ?? null,
      status: row.status,
      orderId: shipment?.orderId ?? null,
      orderNumber: shipment?.orderNumber ?? null,
    });
  });
  return {
    remittanceId: remittance.id,
    carrierName: head.carrierName,
    lineCount: rows.length,
    matchedCount: paidNow.length,
    matchedSum: paidNow.reduce((sum, p) => sum + p.line.codAmount, 0),
    codTotal,
    feeTotal,
    differences,
  };
}

function paidNote(carrierName: string, trackingCode: string, amount: number, remittedOn: string | null): string {
  return `Đã nhận tiền thu hộ ${formatVnd(amount)} từ ${carrierName} (mã vận đơn ${trackingCode}${remittedOn ? `, ngày ${formatIsoDayVi(remittedOn, true)}` : ""})`;
}

/**
 * Resolves a difference: "accept" an amount mismatch (the order becomes paid, the line counts as
 * the shipment's payment) or "dismiss" any difference; the note says why. A line already resolved
 * is refused (the page was stale, or the button pressed twice).
 */
export async function resolveRemittanceLine(
  db: Db,
  lineId: number,
  input: ResolveLineInput,
  actor: Actor,
): Promise<{ status: RemittanceLineStatus }> {
  const { action, note } = parseOrInvalid(resolveLineSchema, input);
  return inAuditedTransaction(db, actor.userId, async (tx) => {
    const [line] = await tx
      .select({
        id: codRemittanceLines.id,
        status: codRemittanceLines.status,
        resolvedAt: codRemittanceLines.resolvedAt,
        shipmentId: codRemittanceLines.shipmentId,
        trackingCode: codRemittanceLines.trackingCode,
        codAmount: codRemittanceLines.codAmount,
        carrierName: codRemittances.carrierName,
      })
      .from(codRemittanceLines)
      .innerJoin(codRemittances, eq(codRemittances.id, codRemittanceLines.remittanceId))
      .where(eq(codRemittanceLines.id, lineId))
      .for("update", { of: codRemittanceLines });
    if (!line) throw new AppError("not_found", LINE_NOT_FOUND_MESSAGE);
    if (line.resolvedAt || line.status === "matched") throw new AppError("conflict", ALREADY_RESOLVED_MESSAGE);
    const resolved = { resolvedAt: new Date(), resolvedByName: actor.name, resolution: note };
    if (action === "dismiss") {
      await tx.update(codRemittanceLines).set(resolved).where(eq(codRemittanceLines.id, lineId));
      return { status: line.status };
    }
    if (line.status !== "amount_mismatch" || !line.shipmentId) {
      throw new AppError(
        "conflict",
        "Chỉ chấp nhận được dòng lệch số tiền; các chênh lệch khác chỉ có thể bỏ qua kèm ghi chú.",
      );
    }
    const [shipment] = await tx
      .select({ orderId: shipments.orderId })
      .from(shipments)
      .where(eq(shipments.id, line.shipmentId));
    const [other] = await tx
      .select({ id: codRemittanceLines.id })
      .from(codRemittanceLines)
      .where(and(eq(codRemittanceLines.shipmentId, line.shipmentId), eq(codRemittanceLines.status, "matched")));
    if (!shipment || other)
      throw new AppError("conflict", "Tiền thu hộ của vận đơn này đã được đối soát ở một dòng khác.");
    await tx
      .update(codRemittanceLines)
      .set({ ...resolved, status: "matched" })
      .where(eq(codRemittanceLines.id, lineId));
    await markOrderPaidByRemittance(
      tx,
      shipment.orderId,
      actor,
      `${paidNote(line.carrierName, line.trackingCode, line.codAmount, null)}; chấp nhận chênh lệch: ${note}`,
    );
    return { status: "matched" };
  });
}

// ---------------------------------------------------------------- lists and reports

export interface RemittanceSummary {
  id: number;
  carrierName: string;
  source: "file" | "manual";
  fileName: string | null;
  remittedOn: string | null;
  codTotal: number;
  feeTotal: number;
  lineCount: number;
  matchedCount: number;
  openCount: number;
  createdAt: Date;
  createdByName: string | null;
}

export async function listRemittances(db: Db | Tx, limit = 20): Promise<RemittanceSummary[]> {
  // The subqueries name cod_remittances.id in full: drizzle writes a lone "id", which would be the line's.
  return db
    .select({
      id: codRemittances.id,
      carrierName: codRemittances.carrierName,
      source: codRemittances.source,
      fileName: codRemittances.fileName,
      remittedOn: codRemittances.remittedOn,
      codTotal: codRemittances.codTotal,
      feeTotal: codRemittances.feeTotal,
      lineCount:
        sql<number>`(select count(*) from ${codRemittanceLines} l where l.remittance_id = cod_remittances.id)`.mapWith(
          Number,
        ),
      matchedCount:
        sql<number>`(select count(*) from ${codRemittanceLines} l where l.remittance_id = cod_remittances.id and l.status = 'matched')`.mapWith(
          Number,
        ),
      openCount:
        sql<number>`(select count(*) from ${codRemittanceLines} l where l.remittance_id = cod_remittances.id and l.status <> 'matched' and l.resolved_at is null)`.mapWith(
          Number,
        ),
      createdAt: codRemittances.createdAt,
      createdByName: codRemittances.createdByName,
    })
    .from(codRemittances)
    .orderBy(desc(codRemittances.createdAt), desc(codRemittances.id))
    .limit(limit);
}

export interface OpenDifference extends RemittanceDifference {
  carrierName: string;
  remittanceId: number;
  fileName: string | null;
  importedAt: Date;
}

/** Differences not resolved yet, newest payout first, at most `limit`. */
export async function openDifferences(db: Db | Tx, limit = 200): Promise<OpenDifference[]> {
  const rows = await db
    .select({
      lineId: codRemittanceLines.id,
      rowNumber: codRemittanceLines.rowNumber,
      trackingCode: codRemittanceLines.trackingCode,
      codAmount: codRemittanceLines.codAmount,
      expectedAmount: shipments.codAmount,
      status: codRemittanceLines.status,
      orderId: shipments.orderId,
      orderNumber: orders.orderNumber,
      carrierName: codRemittances.carrierName,
      remittanceId: codRemittances.id,
      fileName: codRemittances.fileName,
      importedAt: codRemittances.createdAt,
    })
    .from(codRemittanceLines)
    .innerJoin(codRemittances, eq(codRemittances.id, codRemittanceLines.remittanceId))
    .leftJoin(shipments, eq(shipments.id, codRemittanceLines.shipmentId))
    .leftJoin(orders, eq(orders.id, shipments.orderId))
    .where(and(ne(codRemittanceLines.status, "matched"), isNull(codRemittanceLines.resolvedAt)))
    .orderBy(desc(codRemittances.createdAt), desc(codRemittances.id), codRemittanceLines.rowNumber)
    .limit(limit);
  return rows.map((r) => ({ ...r, status: r.status as OpenDifference["status"] }));
}

export interface OutstandingShipment {
  shipmentId: string;
  orderId: string;
  orderNumber: number;
  carrierName: string;
  trackingCode: string | null;
  codAmount: number;
  deliveredOn: string;
  ageDays: number;
  bucket: OutstandingBucketKey;
}

export interface OutstandingCell {
  count: number;
  sum: number;
}

export interface CodOutstanding {
  /** Per carrier name: a cell per age bucket and the carrier's total. */
  carriers: Array<{
    carrierName: string;
    buckets: Record<OutstandingBucketKey, OutstandingCell>;
    total: OutstandingCell;
  }>;
  buckets: Record<OutstandingBucketKey, OutstandingCell>;
  total: OutstandingCell;
  shipments: OutstandingShipment[];
}

const emptyBuckets = (): Record<OutstandingBucketKey, OutstandingCell> =>
  Object.fromEntries(outstandingBuckets.map((b) => [b.key, { count: 0, sum: 0 }])) as Record<
    OutstandingBucketKey,
    OutstandingCell
  >;

/** Delivered shipments with money to collect and no matched remittance line: whose COD the carriers still owe. */
const outstandingWhere = sql`${shipments.status} = 'delivered' and ${shipments.codAmount} > 0
  and not exists (select 1 from ${codRemittanceLines} l where l.shipment_id = shipments.id and l.status = 'matched')`;

/**
 * The COD money carriers owe: delivered shipments whose COD has not been matched to a payout,
 * by carrier name and age (days since delivery, shop-local days), to the đồng.
 */
export async function codOutstanding(db: Db | Tx, now: Date = new Date()): Promise<CodOutstanding> {
  const today = shopDayIso(now);
  const rows = await db
    .select({
      shipmentId: shipments.id,
      orderId: shipments.orderId,
      orderNumber: orders.orderNumber,
      carrierName: shipments.carrierName,
      trackingCode: shipments.trackingCode,
      codAmount: shipments.codAmount,
      deliveredOn: sql<string>`to_char((coalesce(${shipments.deliveredAt}, ${shipments.updatedAt}) at time zone 'Asia/Ho_Chi_Minh')::date, 'YYYY-MM-DD')`,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(outstandingWhere)
    .orderBy(sql`coalesce(${shipments.deliveredAt}, ${shipments.updatedAt})`, shipments.id);
  const carriers = new Map<string, CodOutstanding["carriers"][number]>();
  const buckets = emptyBuckets();
  const total = { count: 0, sum: 0 };
  const list: OutstandingShipment[] = rows.map((row) => {
    const ageDays = Math.max(0, Math.round((Date.parse(today) - Date.parse(row.deliveredOn)) / 86_400_000));
    const bucket = outstandingBuckets.find((b) => ageDays <= b.max)!.key;
    let carrier = carriers.get(row.carrierName);
    if (!carrier) {
      carrier = { carrierName: row.carrierName, buckets: emptyBuckets(), total: { count: 0, sum: 0 } };
      carriers.set(row.carrierName, carrier);
    }
    for (const cell of [carrier.buckets[bucket], carrier.total, buckets[bucket], total]) {
      cell.count += 1;
      cell.sum += row.codAmount;
    }
    return { ...row, ageDays, bucket };
  });
  return {
    carriers: [...carriers.values()].sort(
      (a, b) => b.total.sum - a.total.sum || a.carrierName.localeCompare(b.carrierName, "vi"),
    ),
    buckets,
    total,
    shipments: list,
  };
}

/** The dashboard's figure: the sum of COD not yet remitted (đồng). */
export async function codOutstandingTotal(db: Db | Tx): Promise<number> {
  const [row] = await db
    .select({ sum: sql<number>`coalesce(sum(${shipments.codAmount}), 0)`.mapWith(Number) })
    .from(shipments)
    .where(outstandingWhere);
  return row.sum;
}

export interface CarrierFeeRow {
  /** "2026-11" */
  month: string;
  carrierName: string;
  /** Fees on remittance lines (đồng)… */
  remittedFees: number;
  /** …and fees of shipments no payout mentions yet (as quoted when booked). */
  shipmentFees: number;
  total: number;
}

/**
 * Fees paid to carriers per month over the last `months` months (this one included): the fee
 * of every remittance line (a line repeating a payment already counted, or dismissed, is left
 * out), and shipments.carrier_fee of shipments no remittance line names.
 */
export async function carrierFees(
  db: Db | Tx,
  period: { months: number },
  now: Date = new Date(),
): Promise<CarrierFeeRow[]> {
  const months = Math.min(Math.max(Math.trunc(period.months), 1), 36);
  const fromDay = `${shopDayIso(now).slice(0, 7)}-01`;
  const rows = rowsOf<{ month: string; carrier_name: string; remitted: string | number; shipped: string | number }>(
    await db.execute(sql`
      with since as (select (${fromDay}::date - make_interval(months => ${months - 1}))::date as day),
      fees as (
        select coalesce(l.remitted_on, r.remitted_on, (r.created_at at time zone 'Asia/Ho_Chi_Minh')::date) as day,
               r.carrier_name, l.fee as remitted, 0::bigint as shipped
        from ${codRemittanceLines} l join ${codRemittances} r on r.id = l.remittance_id
        where l.fee > 0 and l.status <> 'already_remitted' and not (l.status <> 'matched' and l.resolved_at is not null)
        union all
        select (coalesce(s.delivered_at, s.created_at) at time zone 'Asia/Ho_Chi_Minh')::date, s.carrier_name, 0, s.carrier_fee
        from ${shipments} s
        where s.carrier_fee > 0 and s.status <> 'cancelled'
          and not exists (select 1 from ${codRemittanceLines} l where l.shipment_id = s.id)
      )
      select to_char(day, 'YYYY-MM') as month, carrier_name, sum(remitted) as remitted, sum(shipped) as shipped
      from fees where day >= (select day from since)
      group by 1, 2 order by 1 desc, 2`),
  );
  return rows.map((r) => ({
    month: r.month,
    carrierName: r.carrier_name,
    remittedFees: Number(r.remitted),
    shipmentFees: Number(r.shipped),
    total: Number(r.remitted) + Number(r.shipped),
  }));
}

export const OUTSTANDING_LIST_LIMIT = 200;

/** Everything the reconciliation page shows. */
export async function getCodPage(db: Db | Tx, now: Date = new Date()) {
  const [remittances, differences, outstanding, fees] = await Promise.all([
    listRemittances(db),
    openDifferences(db),
    codOutstanding(db, now),
    carrierFees(db, { months: 6 }, now),
  ]);
  // The oldest first (those are the ones to chase); the figures count them all.
  const shown = outstanding.shipments.slice(0, OUTSTANDING_LIST_LIMIT);
  return { remittances, differences, outstanding: { ...outstanding, shipments: shown }, fees, today: shopDayIso(now) };
}

export type CodPageData = Awaited<ReturnType<typeof getCodPage>>;
