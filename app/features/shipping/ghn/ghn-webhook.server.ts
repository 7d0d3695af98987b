import { timingSafeEqual, createHash } from "node:crypto";
import { z } from "zod";
import { AppError } from "~/server/errors.server";
import type { CarrierUpdate } from "../carrier";
import { describeGhnStatus, ghnEventKey, ghnStatusToShipment } from "./ghn-gateway.server";

/*
 * GHN's webhook (callback): a JSON POST per change of an order (Type create, switch_status,
 * update_weight, update_cod, update_fee), retried up to 10 times until we answer 200. GHN signs
 * nothing, so the secret in the URL we give it is the authentication (decision 0023).
 */

const text = (max: number) => z.string().max(max);

/** The fields we read; GHN sends more (fees, sizes), which are ignored. */
export const ghnWebhookSchema = z.object({
  OrderCode: text(50)
    .trim()
    .regex(/^[A-Za-z0-9_-]+$/, "OrderCode không hợp lệ"),
  Status: text(50)
    .trim()
    .regex(/^[a-z_]+$/, "Status không hợp lệ"),
  Type: text(50).optional().nullable(),
  Time: text(50).refine((value) => !Number.isNaN(new Date(value).getTime()), "Time không hợp lệ"),
  ClientOrderCode: text(100).optional().nullable(),
  Description: text(1000).optional().nullable(),
  Reason: text(1000).optional().nullable(),
  Warehouse: text(500).optional().nullable(),
  CODAmount: z.number().optional().nullable(),
  TotalFee: z.number().optional().nullable(),
});
export type GhnWebhook = z.infer<typeof ghnWebhookSchema>;

/**
 * The update one webhook call means, or an AppError (400) for a body that is not GHN's. Only
 * status changes (create, switch_status) are updates; a weight, COD or fee change answers null
 * (accepted, nothing to record).
 */
export function parseGhnWebhook(body: unknown): CarrierUpdate | null {
  const parsed = ghnWebhookSchema.safeParse(body);
  if (!parsed.success) throw new AppError("invalid", "Dữ liệu GHN gửi không hợp lệ");
  const hook = parsed.data;
  const type = hook.Type?.toLowerCase() ?? "switch_status";
  if (type !== "create" && type !== "switch_status") return null;
  const occurredAt = new Date(hook.Time);
  const where = hook.Warehouse?.trim();
  const description = describeGhnStatus(hook.Status, hook.Reason) + (where ? ` (${where})` : "");
  return {
    trackingCode: hook.OrderCode,
    // The webhook carries no previous status: a failed attempt is news; the return that follows moves the shipment.
    status: ghnStatusToShipment(hook.Status),
    carrierStatus: hook.Status,
    description: description.slice(0, 1000),
    occurredAt,
    externalKey: ghnEventKey(hook.OrderCode, hook.Status, occurredAt),
  };
}

/** Whether the secret in the called URL is the account's, compared in constant time (hashes: equal lengths). */
export function webhookSecretMatches(given: string | undefined, expected: string): boolean {
  if (!given || !expected) return false;
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}
