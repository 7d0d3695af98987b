import type { Db } from "./db.server";
import { onStorefrontChange } from "./storefront-events.server";
import { TtlCache } from "./ttl-cache.server";

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
  const cache = new TtlCache<T>();
  // Any storefront change drops every read cached here: they are rare (an admin saving), and the
  // reads are one small query each, so no change needs to say which of them it makes stale.
  // A lost LISTEN connection is announced as a change too (listenForStorefrontChanges).
  onStorefrontChange(() => cache.invalidate());
  return (db, key) => cache.read(db, key, () => load(db, key), { now: options.now?.() });
}
