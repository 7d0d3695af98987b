import type { Db } from "./db.server";
import { onStorefrontChange } from "./storefront-events.server";

/** How long a cached read lives without a storefront change (SPEC §7: five minutes, as content and catalogue). */
export const STOREFRONT_CACHE_TTL_MS = 300_000;
/** Distinct keys kept per database (keys come from URLs, such as a page's path: bounded). */
const MAX_ENTRIES = 500;

interface Entry<T> {
  generation: number;
  expiresAt: number;
  value: Promise<T>;
}

let generation = 0;
// Any storefront change drops every read cached here: they are rare (an admin saving), and the
// reads are one small query each, so no change needs to say which of them it makes stale.
// A lost LISTEN connection is announced as a change too (listenForStorefrontChanges).
onStorefrontChange(() => {
  generation += 1;
});

/**
 * A read every storefront page makes (settings, theme, a path's SEO row), kept in this process
 * until the next storefront change (this process's own at once, another instance's when its
 * notification arrives) or STOREFRONT_CACHE_TTL_MS. For the root database handle only: a
 * transaction must read its own snapshot, through the uncached function. A failed read is not kept.
 */
export function cachedUntilStorefrontChange<Key extends string, T>(
  load: (db: Db, key: Key) => Promise<T>,
  options: { now?: () => number } = {},
): (db: Db, key: Key) => Promise<T> {
  // Keyed by database handle (tests and the CLI open several), then by key.
  const caches = new WeakMap<Db, Map<Key, Entry<T>>>();
  return (db, key) => {
    const now = options.now?.() ?? Date.now();
    let entries = caches.get(db);
    if (!entries) caches.set(db, (entries = new Map()));
    const hit = entries.get(key);
    if (hit && hit.generation === generation && hit.expiresAt > now) return hit.value;

    const map = entries;
    const entry: Entry<T> = {
      generation,
      expiresAt: now + STOREFRONT_CACHE_TTL_MS,
      value: load(db, key).catch((error: unknown) => {
        if (map.get(key) === entry) map.delete(key);
        throw error;
      }),
    };
    map.delete(key);
    map.set(key, entry);
    if (map.size > MAX_ENTRIES) {
      const oldest = map.keys().next().value;
      if (oldest !== undefined) map.delete(oldest);
    }
    return entry.value;
  };
}
