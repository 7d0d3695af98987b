/*
 * The console's "new orders" badge (issue 18 item 5), shared by the browser and the server: a
 * cookie per browser records when this admin last opened the orders (set by the server as it
 * serves an orders page, so no order placed while the page loaded is lost); the console layout
 * counts the orders placed since. Safe in the browser.
 */

// Not "admin_orders_seen": that one was written by the page's script with Path=/admin, and an
// old copy of it would shadow this one on the console's pages.
export const ORDERS_SEEN_COOKIE = "uvc_orders_seen";

/** Badges stop counting here ("99+"). */
export const NEW_ORDERS_CAP = 100;

/** The cookie's value: the admin's id and the time in milliseconds ("<userId>.<ms>"). */
export function ordersSeenValue(userId: string, seenAt: Date): string {
  return `${userId}.${seenAt.getTime()}`;
}

/** When this admin last saw the orders, from the cookie's value; null when unknown or another admin's. */
export function parseOrdersSeen(value: string | null, userId: string): Date | null {
  if (!value) return null;
  const dot = value.lastIndexOf(".");
  if (dot <= 0 || value.slice(0, dot) !== userId) return null;
  const ms = Number(value.slice(dot + 1));
  return Number.isSafeInteger(ms) && ms > 0 ? new Date(ms) : null;
}

/** "3", or "99+" from the cap. */
export function newOrdersLabel(count: number): string {
  return count >= NEW_ORDERS_CAP ? `${NEW_ORDERS_CAP - 1}+` : String(count);
}

/** The tab title with the count in front ("(3) Đơn hàng | Quản trị"), or without it at 0. */
export function titleWithCount(title: string, count: number): string {
  const bare = title.replace(/^\(\d+\+?\) /, "");
  return count > 0 ? `(${newOrdersLabel(count)}) ${bare}` : bare;
}
