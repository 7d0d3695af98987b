import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { codRemittanceLines, codRemittances, shipments, type RemittanceLineStatus } from "~/db/schema";
import { markOrderPaidByRemittance } from "~/features/orders/order-transitions.server";
import type { Actor } from "~/features/orders/orders.server";
import { fieldErrorsOf } from "~/lib/form-fields";
import { inAuditedTransaction } from "~/server/audited-transaction.server";
import type { Db, Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { resolveLineSchema, resolveLinesSchema, type ResolveLineInput, type ResolveLinesInput } from "./cod.schema";
import { paidNote } from "./remittance-matching.server";

/*
 * Staff resolving the differences of payouts, one line or many at once (issue 31): "accept" an
 * amount mismatch (the order becomes paid with the carrier's amount) or "dismiss" any difference,
 * with the note saying why. Each resolution is written in an audited transaction.
 */

export const ALREADY_RESOLVED_MESSAGE = "Chênh lệch này đã được xử lý trước đó";
export const LINE_NOT_FOUND_MESSAGE = "Không tìm thấy dòng đối soát";
export const ONLY_MISMATCH_ACCEPTED_MESSAGE =
  "Chỉ chấp nhận được dòng lệch số tiền; các chênh lệch khác chỉ có thể bỏ qua kèm ghi chú.";
export const COUNTED_ELSEWHERE_MESSAGE = "Tiền thu hộ của vận đơn này đã được đối soát ở một dòng khác.";

export function parseOrInvalid<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors = fieldErrorsOf(result.error);
  throw new AppError("invalid", Object.values(fieldErrors)[0] ?? "Dữ liệu không hợp lệ", fieldErrors);
}

async function resolveLineIn(
  tx: Tx,
  lineId: number,
  { action, note }: ResolveLineInput,
  actor: Actor,
): Promise<{ status: RemittanceLineStatus }> {
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
  if (line.status !== "amount_mismatch" || !line.shipmentId)
    throw new AppError("conflict", ONLY_MISMATCH_ACCEPTED_MESSAGE);
  const [shipment] = await tx
    .select({ orderId: shipments.orderId })
    .from(shipments)
    .where(eq(shipments.id, line.shipmentId));
  const [other] = await tx
    .select({ id: codRemittanceLines.id })
    .from(codRemittanceLines)
    .where(and(eq(codRemittanceLines.shipmentId, line.shipmentId), eq(codRemittanceLines.status, "matched")));
  if (!shipment || other) throw new AppError("conflict", COUNTED_ELSEWHERE_MESSAGE);
  await tx
    .update(codRemittanceLines)
    .set({ ...resolved, status: "matched" })
    .where(eq(codRemittanceLines.id, lineId));
  const { changed } = await markOrderPaidByRemittance(
    tx,
    shipment.orderId,
    actor,
    `${paidNote(line.carrierName, line.trackingCode, line.codAmount, null)}; chấp nhận chênh lệch: ${note}`,
  );
  // The order was paid meanwhile (by hand): this line's money is counted there, not twice.
  if (!changed) throw new AppError("conflict", COUNTED_ELSEWHERE_MESSAGE);
  return { status: "matched" };
}

/**
 * Resolves one difference. A line already resolved is refused (the page was stale, or the button
 * pressed twice).
 */
export async function resolveRemittanceLine(
  db: Db,
  lineId: number,
  input: ResolveLineInput,
  actor: Actor,
): Promise<{ status: RemittanceLineStatus }> {
  const resolution = parseOrInvalid(resolveLineSchema, input);
  return inAuditedTransaction(db, actor.userId, (tx) => resolveLineIn(tx, lineId, resolution, actor));
}

export interface BulkResolution {
  resolved: Array<{ lineId: number; status: RemittanceLineStatus }>;
  /** Left as they were, each with the reason (already resolved, not an amount difference…). */
  refused: Array<{ lineId: number; message: string }>;
}

/**
 * Resolves the selected differences with one action and one note. Each line is its own savepoint:
 * a line that cannot take the action is reported and left as it was, the others are resolved.
 */
export async function resolveRemittanceLines(
  db: Db,
  input: ResolveLinesInput | Record<string, unknown>,
  actor: Actor,
): Promise<BulkResolution> {
  const { lineIds, ...resolution } = parseOrInvalid(resolveLinesSchema, input);
  return inAuditedTransaction(db, actor.userId, async (tx) => {
    const outcome: BulkResolution = { resolved: [], refused: [] };
    for (const lineId of [...new Set(lineIds)]) {
      try {
        const { status } = await inAuditedTransaction(tx, actor.userId, (savepoint) =>
          resolveLineIn(savepoint, lineId, resolution, actor),
        );
        outcome.resolved.push({ lineId, status });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        outcome.refused.push({ lineId, message: error.message });
      }
    }
    return outcome;
  });
}
