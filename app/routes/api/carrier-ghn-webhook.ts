import { orderEmailLinksOf } from "~/features/email/email.server";
import { receiveGhnWebhook } from "~/features/shipping/carrier-accounts.server";
import { recordShipmentUpdates } from "~/features/shipping/shipments.server";
import { publicMessage, toHttpStatus } from "~/server/errors.server";
import type { Route } from "./+types/carrier-ghn-webhook";

const jsonHeaders = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" };

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: jsonHeaders });
}

/**
 * GHN's status callback (decision 0023): the secret in the path authenticates (401 and nothing
 * read otherwise; 404 while GHN is off), the body is GHN's JSON (400 otherwise), and the update
 * is recorded once per event key. An order code we do not know is answered 200 too: GHN would
 * otherwise retry it ten times for a parcel booked outside this shop.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return json({ error: "Method not allowed" }, 405);
  const db = context.database.db;
  try {
    const outcomes: Awaited<ReturnType<typeof recordShipmentUpdates>>[] = [];
    const { update } = await receiveGhnWebhook(
      db,
      params.secret,
      () => request.text(),
      async (updates) =>
        void outcomes.push(await recordShipmentUpdates(db, updates, "carrier", "GHN", orderEmailLinksOf(context.env))),
    );
    const unknownCodes = outcomes.flatMap((o) => o.unknownCodes);
    if (unknownCodes.length) context.logger.warn({ orderCodes: unknownCodes }, "GHN webhook for an unknown order code");
    const recorded = outcomes.reduce((sum, o) => sum + o.recorded, 0);
    return json({ ok: true, recorded, status: update?.carrierStatus ?? null });
  } catch (error) {
    const status = toHttpStatus(error);
    // The path holds the secret: it is never logged, only what went wrong.
    if (status >= 500) context.logger.error({ err: error }, "GHN webhook failed");
    return json({ error: publicMessage(error) }, status);
  }
}

export function loader() {
  return json({ error: "Use POST" }, 405);
}
