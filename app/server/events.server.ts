import { sql, type SQL } from "drizzle-orm";
import type { Database, Db, Tx } from "./db.server";

/**
 * Live admin events. A change is announced with PostgreSQL NOTIFY inside the transaction that
 * makes it, so it is delivered (to every server instance LISTENing on the database) only if the
 * transaction commits. Each process keeps one subscription per channel and fans it out to its
 * in-process subscribers (the admin's server-sent event streams, /admin/events).
 */

/** A new order was placed; the payload is the order's id. */
export const ORDER_CREATED_CHANNEL = "order_created";

/**
 * Something a storefront page shows changed (catalogue, content, settings, SEO, theme, visible
 * stock); the payload says what. Every instance drops its storefront caches (storefront-events.server.ts).
 */
export const STOREFRONT_CHANGED_CHANNEL = "storefront_changed";

export type EventChannel = typeof ORDER_CREATED_CHANNEL | typeof STOREFRONT_CHANGED_CHANNEL;

/** NOTIFY channel, payload. Inside a transaction it is sent when (and only if) that commits. */
export async function notify(db: Db | Tx, channel: EventChannel, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/**
 * Announces a new order to every admin watching the dashboard, as an SQL expression for the
 * order's own last statement (checkout's, decision 0026): sent on its commit, never for a
 * rolled-back order.
 */
export function orderCreatedNotice(orderId: string): SQL {
  return sql`pg_notify(${ORDER_CREATED_CHANNEL}, ${orderId})`;
}

/** Announces a new order to every admin watching the dashboard. Call it inside the order's transaction. */
export function notifyOrderCreated(tx: Db | Tx, orderId: string): Promise<void> {
  return notify(tx, ORDER_CREATED_CHANNEL, orderId);
}

type Listener = (payload: string) => void;

/** The in-process fan-out of one database's notifications. */
export class EventHub {
  private readonly listeners = new Map<EventChannel, Set<Listener>>();
  private readonly unlistens = new Map<EventChannel, Promise<() => Promise<void>>>();
  private readonly closeHandlers = new Set<() => void>();
  private closed = false;

  constructor(private readonly database: Pick<Database, "listen">) {}

  /**
   * Calls `listener` with each notification on `channel` until the returned function is called.
   * Resolves once the database subscription is in place (a NOTIFY after that is delivered).
   */
  async subscribe(channel: EventChannel, listener: Listener): Promise<() => void> {
    if (this.closed) throw new Error("the event hub is closed");
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
    }
    set.add(listener);
    let subscription = this.unlistens.get(channel);
    if (!subscription) {
      subscription = this.database.listen(channel, (payload) => {
        for (const fn of this.listeners.get(channel) ?? []) {
          try {
            fn(payload);
          } catch {
            // One broken subscriber must not stop the others.
          }
        }
      });
      this.unlistens.set(channel, subscription);
      subscription.catch(() => this.unlistens.delete(channel));
    }
    try {
      await subscription;
    } catch (error) {
      set.delete(listener);
      throw error;
    }
    return () => {
      set.delete(listener);
    };
  }

  /** Registers what to do when the hub closes (an SSE stream ends itself). Returns the unregister. */
  onClose(handler: () => void): () => void {
    this.closeHandlers.add(handler);
    return () => this.closeHandlers.delete(handler);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Ends every stream and stops listening (server shutdown). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const handler of [...this.closeHandlers]) handler();
    this.closeHandlers.clear();
    this.listeners.clear();
    const pending = [...this.unlistens.values()];
    this.unlistens.clear();
    await Promise.all(pending.map((p) => p.then((unlisten) => unlisten()).catch(() => {})));
  }
}

const hubs = new WeakMap<object, EventHub>();

/** The process's event hub for a database (one per Database object, made on first use). */
export function getEventHub(database: Pick<Database, "listen">): EventHub {
  let hub = hubs.get(database);
  if (!hub) {
    hub = new EventHub(database);
    hubs.set(database, hub);
  }
  return hub;
}

/** Closes the hub of a database if one was made: ends the open event streams before shutdown. */
export async function closeEventHub(database: Pick<Database, "listen">): Promise<void> {
  await hubs.get(database)?.close();
  hubs.delete(database);
}
