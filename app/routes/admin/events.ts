import { liveSessionRole } from "~/features/auth/admin-session.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { FORBIDDEN_AREA_MESSAGE, mayOpen } from "~/features/auth/console-permissions";
import { getOrderSummary } from "~/features/orders/orders.server";
import { getEventHub, ORDER_CREATED_CHANNEL } from "~/server/events.server";
import type { Route } from "./+types/events";

/** A comment line every 25 s keeps proxies and load balancers from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;

/** What an `order_created` event carries: what the console's alert shows, and the order it links to. */
export interface LiveOrderEvent {
  id: string;
  orderNumber: number;
  total: number;
}

/** The page whose readers may hear of new orders: the events go only to roles that may open it. */
const ORDERS_PATH = "/admin/orders";

/**
 * Server-sent events for the admin console (text/event-stream): `order_created` with the new
 * order's id, number and total (every console page alerts, links to the order and reloads its
 * data), fed by PostgreSQL LISTEN/NOTIFY, so an order placed through any server instance reaches
 * every admin. Only console members who may open the orders (owner, staff; content editors are
 * refused with 403 here, whatever area the path belongs to), and only while the session lives:
 * before each event and each heartbeat the session and its role are read again in the database
 * (signed out, expired by the session policy, role removed or changed to one without orders, on
 * any instance), and the stream ends when they no longer allow it. It also ends when the browser
 * goes away or the server shuts down.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  if (!mayOpen(admin.role, ORDERS_PATH)) throw new Response(FORBIDDEN_AREA_MESSAGE, { status: 403 });
  const hub = getEventHub(context.database);
  const db = context.database.db;
  const sessionId = admin.session.id;
  const encoder = new TextEncoder();
  let cleanup = () => {};

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true;
      const send = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      const close = () => {
        if (!open) return;
        open = false;
        cleanup();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      /** Sends `text` if the session still lives; otherwise ends the stream. */
      const sendWhileSignedIn = async (text: () => Promise<string | null>) => {
        const role = await liveSessionRole(db, sessionId);
        if (!role || !mayOpen(role, ORDERS_PATH)) return close();
        const message = await text();
        if (message !== null) send(message);
      };
      const unsubscribe = await hub.subscribe(ORDER_CREATED_CHANNEL, (orderId) => {
        void sendWhileSignedIn(async () => {
          const order = await getOrderSummary(db, orderId);
          if (!order) return null;
          const event: LiveOrderEvent = { id: orderId, orderNumber: order.orderNumber, total: order.total };
          return `event: order_created\ndata: ${JSON.stringify(event)}\n\n`;
        }).catch((error: unknown) => context.logger.warn({ err: error, orderId }, "live order event failed"));
      });
      const heartbeat = setInterval(() => {
        void sendWhileSignedIn(async () => ": heartbeat\n\n").catch((error: unknown) =>
          context.logger.warn({ err: error }, "live event heartbeat failed"),
        );
      }, HEARTBEAT_MS);
      const offClose = hub.onClose(close);
      const onAbort = () => close();
      request.signal.addEventListener("abort", onAbort);
      cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe();
        offClose();
        request.signal.removeEventListener("abort", onAbort);
      };
      // Reconnect after 5 s if the connection drops; a first comment opens the stream at once.
      send("retry: 5000\n: connected\n\n");
      if (request.signal.aborted) close();
    },
    cancel() {
      cleanup();
    },
  });

  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: the compression middleware must not buffer the stream.
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
