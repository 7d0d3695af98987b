import type { Db } from "./db.server";

/** How long an in-process storefront read lives (SPEC §7: five minutes for content and catalogue). */
export const STOREFRONT_CACHE_TTL_MS = 300_000;
/** Distinct keys kept per database by default (keys come from URLs: bounded). */
const DEFAULT_MAX_ENTRIES = 500;

interface Entry<T> {
  generation: number;
  expiresAt: number;
  value: Promise<T>;
}

interface ReadOptions<T> {
  /** The clock (tests move it). */
  now?: number;
  /** Entries written before this generation are stale (default: the last invalidate()). */
  freshSince?: number;
  /** A loaded value this returns false for is served once and not kept (a fallback after an error). */
  keep?: (value: T) => boolean;
}

/**
 * The one in-process cache of storefront reads (catalogue, page content, settings…): entries keyed
 * by database handle (tests and the CLI open several) then by key, living `ttlMs` or until
 * invalidate(). A failed load is not kept. For the root database handle only: a transaction must
 * read its own snapshot, through the uncached function.
 */
export class TtlCache<T> {
  private readonly caches = new WeakMap<Db, Map<string, Entry<T>>>();
  private current = 0;

  constructor(
    private readonly ttlMs = STOREFRONT_CACHE_TTL_MS,
    private readonly maxEntries = DEFAULT_MAX_ENTRIES,
  ) {}

  /** Makes every entry written so far stale; returns the new generation (to stale part of the keys, pass it as freshSince). */
  invalidate(): number {
    this.current += 1;
    return this.current;
  }

  read<V extends T>(db: Db, key: string, load: () => Promise<V>, options: ReadOptions<V> = {}): Promise<V> {
    const now = options.now ?? Date.now();
    const freshSince = options.freshSince ?? this.current;
    let entries = this.caches.get(db);
    if (!entries) this.caches.set(db, (entries = new Map()));
    const hit = entries.get(key);
    if (hit && hit.generation >= freshSince && hit.expiresAt > now) return hit.value as Promise<V>;

    const map = entries;
    const entry: Entry<T> = {
      generation: this.current,
      expiresAt: now + this.ttlMs,
      value: load().then(
        (value) => {
          if (options.keep && !options.keep(value) && map.get(key) === entry) map.delete(key);
          return value;
        },
        (error: unknown) => {
          if (map.get(key) === entry) map.delete(key);
          throw error;
        },
      ),
    };
    map.delete(key);
    map.set(key, entry);
    if (map.size > this.maxEntries) {
      const oldest = map.keys().next().value;
      if (oldest !== undefined) map.delete(oldest);
    }
    return entry.value as Promise<V>;
  }
}
