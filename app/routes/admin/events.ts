import { requireAdmin } from "~/features/auth/auth.server";
import { getOrderSummary } from "~/features/orders/orders.server";
import { getEventHub, ORDER_CREATED_CHANNEL } from "~/server/events.server";
import type { Route } from "./+types/events";

/** A comment line every 25 s keeps proxies and load balancers from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;

/**
 * Server-sent events for the admin console (text/event-stream): `order_created` with the new
 * order's id, number and total, fed by PostgreSQL LISTEN/NOTIFY, so an order placed through any
 * server instance reaches every admin. Admins only (others are redirected to the login, like every admin GET). The stream ends when the
 * browser goes away or the server shuts down.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const hub = getEventHub(context.database);
  const db = context.database.db;
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
      const unsubscribe = await hub.subscribe(ORDER_CREATED_CHANNEL, (orderId) => {
        void getOrderSummary(db, orderId).then(
          (order) => {
            if (order) send(`event: order_created\ndata: ${JSON.stringify(order)}\n\n`);
          },
          (error: unknown) => context.logger.warn({ err: error, orderId }, "live order event lookup failed"),
        );
      });
      const heartbeat = setInterval(() => send(": heartbeat\n\n"), HEARTBEAT_MS);
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
