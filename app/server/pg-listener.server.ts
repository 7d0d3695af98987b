import pg from "pg";

type Callback = (payload: string) => void;

/**
 * Notifications sent while the connection is down are lost (NOTIFY is not queued for absent
 * listeners), so the gap after the database is back is kept short: one cheap attempt every 2 s.
 */
export const MAX_RETRY_DELAY_MS = 2_000;

/**
 * One dedicated PostgreSQL connection that LISTENs on behalf of the whole process (a pooled
 * connection cannot: LISTEN belongs to a session). Reconnects with a growing delay (at most
 * MAX_RETRY_DELAY_MS) when the connection drops (server restart, network) and LISTENs again on
 * every channel it had.
 */
export class PgNotificationListener {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly callbacks = new Map<string, Set<Callback>>();
  private readonly reconnectHandlers = new Set<() => void>();
  private connectedBefore = false;
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryDelay = 250;

  constructor(
    private readonly url: string,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  async listen(channel: string, callback: Callback): Promise<() => Promise<void>> {
    if (this.closed) throw new Error("the notification listener is closed");
    let set = this.callbacks.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      this.callbacks.set(channel, set);
    }
    set.add(callback);
    const client = await this.connect();
    if (first) await client.query(`LISTEN ${quoteIdent(channel)}`);
    return async () => {
      const current = this.callbacks.get(channel);
      if (!current) return;
      current.delete(callback);
      if (current.size === 0) {
        this.callbacks.delete(channel);
        await this.client?.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => {});
      }
    };
  }

  /** Calls `handler` after each reconnection (LISTEN restored), not after the first connection. */
  onReconnect(handler: () => void): () => void {
    this.reconnectHandlers.add(handler);
    return () => this.reconnectHandlers.delete(handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.callbacks.clear();
    const client = this.client ?? (await this.connecting?.catch(() => null));
    this.client = null;
    await client?.end().catch(() => {});
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 5000 });
    client.on("notification", (message) => {
      for (const callback of this.callbacks.get(message.channel) ?? []) callback(message.payload ?? "");
    });
    const lost = (error?: unknown) => {
      if (this.client !== client) return;
      this.client = null;
      if (error) this.onError(error);
      client.end().catch(() => {});
      this.scheduleReconnect();
    };
    client.on("error", lost);
    client.on("end", () => lost());
    await client.connect();
    for (const channel of this.callbacks.keys()) await client.query(`LISTEN ${quoteIdent(channel)}`);
    if (this.closed) {
      await client.end().catch(() => {});
      throw new Error("the notification listener is closed");
    }
    this.client = client;
    this.retryDelay = 250;
    if (this.connectedBefore) {
      for (const handler of this.reconnectHandlers) {
        try {
          handler();
        } catch (error) {
          this.onError(error);
        }
      }
    }
    this.connectedBefore = true;
    return client;
  }

  private scheduleReconnect() {
    if (this.closed || this.callbacks.size === 0) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.connect().catch((error: unknown) => {
        this.onError(error);
        this.scheduleReconnect();
      });
    }, this.retryDelay);
    this.retryTimer.unref();
    this.retryDelay = Math.min(this.retryDelay * 2, MAX_RETRY_DELAY_MS);
  }
}

/** A channel name as a quoted SQL identifier. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
