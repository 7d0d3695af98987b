/*
 * Refused requests (rate limits, cross-site posts, bad requests, unknown pages) written to the log
 * without letting one flooding client write a line per request (issue 30: 80,000 lines in 20 s).
 * Per client address and reason, the first refusal of an interval is logged in full; the others
 * are counted, and one summary line gives the count once the interval is over. The addresses
 * tracked are capped: beyond the cap the longest-quiet one is summarised and forgotten.
 */

/** What the refusal log writes to: pino's warn, or a test's capture. */
export interface RefusalLogger {
  warn(entry: Record<string, unknown>, message: string): void;
}

interface Tracked {
  address: string;
  reason: string;
  /** When the interval of the refusal logged in full began (ms). */
  since: number;
  /** Refusals after it, not logged yet. */
  more: number;
  /** The last of them, for the summary. */
  last: Record<string, unknown>;
}

export interface RefusalLogOptions {
  /** Milliseconds; one line in full per address and reason per interval. */
  intervalMs?: number;
  /** Addresses-and-reasons tracked at once. */
  maxTracked?: number;
  now?: () => number;
}

export const REFUSAL_LOG_INTERVAL_MS = 60_000;
const DEFAULT_MAX_TRACKED = 10_000;

export class RefusalLog {
  private readonly tracked = new Map<string, Tracked>();
  private readonly intervalMs: number;
  private readonly maxTracked: number;
  private readonly now: () => number;

  constructor(
    private readonly logger: RefusalLogger,
    options: RefusalLogOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? REFUSAL_LOG_INTERVAL_MS;
    this.maxTracked = options.maxTracked ?? DEFAULT_MAX_TRACKED;
    this.now = options.now ?? Date.now;
  }

  /** One refusal of `address` for `reason` (e.g. "429"): logged in full, or counted for the summary. */
  refused(address: string, reason: string, entry: Record<string, unknown>, message: string): void {
    const key = JSON.stringify([address, reason]);
    const now = this.now();
    const found = this.tracked.get(key);
    if (found && now - found.since < this.intervalMs) {
      found.more += 1;
      found.last = entry;
      return;
    }
    if (found) this.summarise(found);
    // Map order is insertion order: re-inserting keeps the most recently logged key last.
    this.tracked.delete(key);
    this.tracked.set(key, { address, reason, since: now, more: 0, last: entry });
    this.logger.warn({ ...entry, clientIp: address, reason }, message);
    if (this.tracked.size > this.maxTracked) {
      const [oldestKey, oldest] = this.tracked.entries().next().value!;
      this.summarise(oldest);
      this.tracked.delete(oldestKey);
    }
  }

  /** Writes the summaries of intervals that are over and forgets their keys (the server calls it every interval). */
  flush(): void {
    const now = this.now();
    for (const [key, tracked] of this.tracked) {
      if (now - tracked.since < this.intervalMs) continue;
      this.summarise(tracked);
      this.tracked.delete(key);
    }
  }

  /** Keys tracked now (bounded by maxTracked). */
  get size(): number {
    return this.tracked.size;
  }

  private summarise(tracked: Tracked): void {
    if (tracked.more === 0) return;
    const seconds = Math.max(1, Math.round((this.now() - tracked.since) / 1000));
    this.logger.warn(
      { ...tracked.last, clientIp: tracked.address, reason: tracked.reason, count: tracked.more },
      `${tracked.more} more refusals in the last ${seconds} s`,
    );
  }
}
