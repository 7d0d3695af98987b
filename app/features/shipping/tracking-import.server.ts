import { eq } from "drizzle-orm";
import { orders, shipmentEvents, shipments } from "~/db/schema";
import type { OrderEmailLinks } from "~/features/email/email.server";
import { parseOrderNumber } from "~/features/orders/orders.schema";
import type { Actor } from "~/features/orders/orders.server";
import { readCsv } from "~/lib/csv";
import { EXCEL_MAX_CELL_CHARS, SpreadsheetError, type SpreadsheetLimits, type SpreadsheetRow } from "~/lib/spreadsheet";
import { formatOrderNumber } from "~/lib/order-number";
import { inAuditedTransaction } from "~/server/audited-transaction.server";
import type { Db } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { nextRowVersion } from "~/server/row-version.server";
import { TRACKING_CODE_MESSAGE, trackingCode as trackingCodeSchema } from "./shipments.schema";
import { codeInUse, codeTaken, insertShipment, liveShipmentOf } from "./shipment-rows.server";
import { getShipmentDefaults } from "./shipment-views.server";

// Importing tracking codes from a carrier's spreadsheet (CSV).

export const MAX_IMPORT_ROWS = 2000;
export const MAX_IMPORT_BYTES = 1_000_000;
/** Bounds of the CSV reader (decision 0044): the rows above, the header, a spreadsheet's width. */
const IMPORT_LIMITS: SpreadsheetLimits = {
  maxRows: MAX_IMPORT_ROWS + 1,
  maxColumns: 64,
  maxCellChars: EXCEL_MAX_CELL_CHARS,
};

export interface ImportRowError {
  row: number;
  message: string;
}

export type ImportResult =
  { ok: true; created: number; updated: number; unchanged: number } | { ok: false; errors: ImportRowError[] };

/**
 * Imports tracking codes from a CSV: order number (DH000123 or 123), tracking code, and
 * optionally the carrier's name (else `defaultCarrierName`). An order without a shipment gets a
 * manual shipment with the defaults (it must be ready to ship); an order's manual shipment
 * without a code gets it. All or nothing: any bad row and nothing is written, every bad row is
 * listed (row number as a spreadsheet shows it, reason). Importing the same file again changes nothing.
 */
export async function importTrackingCodes(
  db: Db,
  csvText: string,
  actor: Actor,
  links: OrderEmailLinks,
  options: { defaultCarrierName?: string } = {},
): Promise<ImportResult> {
  if (csvText.length > MAX_IMPORT_BYTES)
    return { ok: false, errors: [{ row: 0, message: "Tệp quá lớn (tối đa 1 MB)" }] };
  if (csvText.includes("\u0000") || csvText.includes("\uFFFD"))
    return {
      ok: false,
      errors: [{ row: 0, message: "Tệp không phải văn bản CSV UTF-8: hãy lưu lại dưới dạng CSV UTF-8" }],
    };
  let rows: SpreadsheetRow<string>[];
  try {
    rows = readCsv(csvText, IMPORT_LIMITS);
  } catch (error) {
    if (!(error instanceof SpreadsheetError)) throw error;
    const message =
      error.problem === "rows" ? `Tối đa ${MAX_IMPORT_ROWS} dòng mỗi lần nhập` : error.message.replace(/\.$/, "");
    return { ok: false, errors: [{ row: 0, message }] };
  }
  // A first row whose first cell is not an order number is the header.
  const firstData = rows.length > 0 && parseOrderNumber(rows[0].cells[0] ?? "") === null ? 1 : 0;
  const data = rows.slice(firstData);
  if (data.length === 0)
    return {
      ok: false,
      errors: [{ row: 0, message: "Tệp không có dòng dữ liệu nào (cần cột mã đơn hàng và mã vận đơn)" }],
    };
  if (data.length > MAX_IMPORT_ROWS)
    return { ok: false, errors: [{ row: 0, message: `Tối đa ${MAX_IMPORT_ROWS} dòng mỗi lần nhập` }] };

  const errors: ImportRowError[] = [];
  const parsed: { row: number; orderNumber: number; code: string; carrierName: string | null }[] = [];
  const seenOrders = new Map<number, number>();
  const seenCodes = new Map<string, number>();
  for (const { cells, row } of data) {
    const [rawNumber = "", rawCode = "", rawCarrier = ""] = cells.map((c) => c.trim());
    const orderNumber = parseOrderNumber(rawNumber);
    if (orderNumber === null) {
      errors.push({ row, message: rawNumber ? `Mã đơn hàng "${rawNumber}" không hợp lệ` : "Thiếu mã đơn hàng" });
      continue;
    }
    const code = trackingCodeSchema().safeParse(rawCode);
    if (!code.success) {
      errors.push({
        row,
        message: rawCode
          ? `Mã vận đơn "${rawCode}" không hợp lệ: ${TRACKING_CODE_MESSAGE.toLowerCase()}`
          : "Thiếu mã vận đơn",
      });
      continue;
    }
    if (rawCarrier.length > 60) {
      errors.push({ row, message: "Tên hãng vận chuyển tối đa 60 ký tự" });
      continue;
    }
    const sameOrder = seenOrders.get(orderNumber);
    if (sameOrder !== undefined) {
      errors.push({ row, message: `Đơn hàng ${formatOrderNumber(orderNumber)} đã có ở dòng ${sameOrder}` });
      continue;
    }
    const sameCode = seenCodes.get(code.data.toUpperCase());
    if (sameCode !== undefined) {
      errors.push({ row, message: `Mã vận đơn ${code.data} đã có ở dòng ${sameCode}` });
      continue;
    }
    seenOrders.set(orderNumber, row);
    seenCodes.set(code.data.toUpperCase(), row);
    parsed.push({ row, orderNumber, code: code.data, carrierName: rawCarrier || null });
  }

  try {
    return await inAuditedTransaction(db, actor.userId, async (tx) => {
      const counts = { created: 0, updated: 0, unchanged: 0 };
      for (const line of parsed) {
        const label = formatOrderNumber(line.orderNumber);
        const [order] = await tx
          .select({ id: orders.id, total: orders.total })
          .from(orders)
          .where(eq(orders.orderNumber, line.orderNumber));
        if (!order) {
          errors.push({ row: line.row, message: `Không tìm thấy đơn hàng ${label}` });
          continue;
        }
        const live = await liveShipmentOf(tx, order.id);
        if (live) {
          if (live.trackingCode?.toUpperCase() === line.code.toUpperCase()) {
            counts.unchanged++;
            continue;
          }
          if (live.carrier !== "manual")
            errors.push({
              row: line.row,
              message: `Đơn hàng ${label} đã có vận đơn ${live.carrierName} do hãng cấp mã`,
            });
          else if (live.trackingCode)
            errors.push({ row: line.row, message: `Đơn hàng ${label} đã có mã vận đơn ${live.trackingCode}` });
          else if (await codeInUse(tx, line.code, live.id))
            errors.push({ row: line.row, message: codeTaken(line.code) });
          else {
            await tx
              .update(shipments)
              .set({ trackingCode: line.code, version: nextRowVersion(shipments.version), updatedAt: new Date() })
              .where(eq(shipments.id, live.id));
            await tx.insert(shipmentEvents).values({
              shipmentId: live.id,
              status: null,
              description: `Nhập mã vận đơn ${line.code} từ tệp`,
              occurredAt: new Date(),
              source: "import",
              byName: actor.name,
            });
            counts.updated++;
          }
          continue;
        }
        const carrierName = line.carrierName ?? options.defaultCarrierName?.trim();
        if (!carrierName) {
          errors.push({ row: line.row, message: `Thiếu tên hãng vận chuyển để tạo vận đơn cho đơn hàng ${label}` });
          continue;
        }
        if (await codeInUse(tx, line.code)) {
          errors.push({ row: line.row, message: codeTaken(line.code) });
          continue;
        }
        // The check happens in a savepoint: a refused order is a row error, not the end of the import.
        try {
          await tx.transaction(async (sp) => {
            const defaults = await getShipmentDefaults(sp, order.id);
            await insertShipment(
              sp,
              order.id,
              {
                carrier: "manual",
                carrierName,
                service: null,
                trackingCode: line.code,
                parcel: defaults,
                codAmount: order.total,
                codChangeReason: null,
                feePayer: "shop",
                courierNote: defaults.courierNote,
              },
              actor,
              "import",
              links,
            );
          });
          counts.created++;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          errors.push({ row: line.row, message: `Đơn hàng ${label}: ${error.message}` });
        }
      }
      if (errors.length > 0) throw new RollBack(errors);
      return { ok: true as const, ...counts };
    });
  } catch (error) {
    if (error instanceof RollBack) return { ok: false, errors: [...error.errors].sort((a, b) => a.row - b.row) };
    throw error;
  }
}

class RollBack extends Error {
  constructor(readonly errors: ImportRowError[]) {
    super("rolled back");
  }
}
