import {
  parcelsProvedByPayout,
  reevaluateRemittanceLines,
  type ReevaluationResult,
} from "~/features/cod/remittance-matching.server";
import type { OrderEmailLinks } from "~/features/email/email.server";
import type { Actor } from "~/features/orders/orders.server";
import { markDelivered } from "~/features/shipping/shipments.server";
import type { Db } from "~/server/db.server";
import { AppError } from "~/server/errors.server";

/**
 * Payout matching that heals (issue 31, decision 0055), where cod and shipping compose (they sit on
 * one line and cannot import each other): when the shop counts money received as proof of delivery,
 * the shipping feature first marks delivered each parcel a payout line proves (its usual forward
 * move, which moves the order too); then the cod feature matches every open line again. Run before
 * the COD page and the dashboard compute their figures, after an import or a typed payout, and on
 * "Đối soát lại". Each step is its own short transaction; nothing here waits on a network.
 */
export async function healPayoutMatching(
  db: Db,
  actor: Actor,
  links: OrderEmailLinks,
  scope: { remittanceId?: number } = {},
): Promise<ReevaluationResult & { deliveredByPayout: number }> {
  let deliveredByPayout = 0;
  for (const parcel of await parcelsProvedByPayout(db)) {
    try {
      await markDelivered(db, parcel.shipmentId, { version: parcel.version }, actor, links);
      deliveredByPayout += 1;
    } catch (error) {
      // Moved or edited meanwhile (a webhook, another tab): its line is looked at again next time.
      if (!(error instanceof AppError)) throw error;
    }
  }
  return { ...(await reevaluateRemittanceLines(db, scope, actor)), deliveredByPayout };
}
