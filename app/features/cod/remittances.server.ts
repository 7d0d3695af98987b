import { createHash } from "node:crypto";
import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { codRemittanceLines, codRemittances, orders, shipments, type RemittanceLineStatus } from "~/db/schema";
import { markOrderPaidByRemittance } from "~/features/orders/order-transitions.server";
import type { Actor } from "~/features/orders/orders.server";
import { formatDateTimeVi, shopDayIso } from "~/lib/dates";
import { inAuditedTransaction } from "~/server/audited-transaction.server";
import type { Db, Tx } from "~/server/db.server";
import { uniqueViolation } from "~/server/db-errors.server";
import { AppError } from "~/server/errors.server";
import { carrierNameSchema, manualPayoutSchema, type ManualPayoutInput } from "./cod.schema";
import { carrierFees, codOutstanding } from "./cod-figures.server";
import { parseRemittanceFile, type RemittanceFileLine } from "./remittance-file.server";
import {
  candidateShipments,
  classifyLine,
  paidNote,
  reevaluateLinesIn,
  shipmentsWithMatchedLine,
  type CandidateShipment,
} from "./remittance-matching.server";
import { parseOrInvalid } from "./remittance-resolution.server";

/*
 * COD reconciliation (issue 16, part 6): a carrier's payout, from its file or typed by hand, is
 * matched line by line to shipments by tracking code (remittance-matching.server.ts). A delivered
 * parcel with the same COD amount is "matched" and its order becomes paid (through the orders
 * feature); anything else is a difference staff resolve (remittance-resolution.server.ts) or that
 * matches later, when its parcel is delivered. Shipments are only read here (the shipping feature
 * writes them); one matched line per shipment is guaranteed by cod_remittance_lines_paid_shipment_idx.
 */

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

  // Earlier open lines for these parcels first: the first payout to name a parcel is the one that counts.
  const codes = lines.map((l) => l.trackingCode);
  await reevaluateLinesIn(tx, { codes }, actor);
  const byCode = await candidateShipments(tx, codes);
  const paid = await shipmentsWithMatchedLine(
    tx,
    [...byCode.values()].map((s) => s.id),
  );

  const rows: Array<typeof codRemittanceLines.$inferInsert> = [];
  const paidNow: Array<{ shipment: CandidateShipment; line: RemittanceFileLine }> = [];
  for (const line of lines) {
    const shipment = byCode.get(line.trackingCode.toUpperCase());
    const status = classifyLine(line, shipment, paid);
    if (status === "matched" && shipment) {
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

/** A payout line with the shipment and order it matched (left-joined: unmatched lines have none). */
const remittanceLineColumns = {
  lineId: codRemittanceLines.id,
  rowNumber: codRemittanceLines.rowNumber,
  trackingCode: codRemittanceLines.trackingCode,
  codAmount: codRemittanceLines.codAmount,
  expectedAmount: shipments.codAmount,
  status: codRemittanceLines.status,
  orderId: shipments.orderId,
  orderNumber: orders.orderNumber,
};

/**
 * A payout's result as it stands now (after its open lines matched again): what the import or the
 * typed payout reports once parcels it proved delivered have matched.
 */
export async function remittanceResultOf(db: Db | Tx, remittanceId: number): Promise<RemittanceResult> {
  const [head] = await db
    .select({
      carrierName: codRemittances.carrierName,
      codTotal: codRemittances.codTotal,
      feeTotal: codRemittances.feeTotal,
    })
    .from(codRemittances)
    .where(eq(codRemittances.id, remittanceId));
  if (!head) throw new AppError("not_found", "Không tìm thấy khoản chuyển tiền");
  const lines = await db
    .select(remittanceLineColumns)
    .from(codRemittanceLines)
    .leftJoin(shipments, eq(shipments.id, codRemittanceLines.shipmentId))
    .leftJoin(orders, eq(orders.id, shipments.orderId))
    .where(eq(codRemittanceLines.remittanceId, remittanceId))
    .orderBy(codRemittanceLines.rowNumber);
  const matched = lines.filter((l) => l.status === "matched");
  return {
    remittanceId,
    ...head,
    lineCount: lines.length,
    matchedCount: matched.length,
    matchedSum: matched.reduce((sum, l) => sum + l.codAmount, 0),
    differences: lines
      .filter((l) => l.status !== "matched")
      .map((l) => ({ ...l, status: l.status as RemittanceDifference["status"] })),
  };
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
      ...remittanceLineColumns,
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
