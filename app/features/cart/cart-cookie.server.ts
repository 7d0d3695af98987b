import type { Env } from "~/server/env.server";
import { httpOnlyCookie, readCookie } from "~/server/cookies.server";
import type { Db, Tx } from "~/server/db.server";
import { CART_TTL_DAYS, findCart, findCartWithLines, validCartToken } from "./cart.server";
import { CART_COUNT_COOKIE } from "./cart-store";

/** The cart's token: httpOnly, so no script on the page can read or send it elsewhere. */
export const CART_COOKIE = "uvc_cart";

const maxAge = CART_TTL_DAYS * 24 * 60 * 60;

/** The request's cart token, or null (none, or not one of ours). */
export function cartTokenOf(request: Request): string | null {
  return validCartToken(readCookie(request, CART_COOKIE));
}

/**
 * The Set-Cookie values after a cart change: the token (renewed for another CART_TTL_DAYS) and
 * the item count, which scripts may read — cached pages carry nothing personal, so the header's
 * badge reads the count from this cookie in the browser.
 */
export function cartCookies(token: string, count: number, env: Pick<Env, "PUBLIC_URL">): string[] {
  const secure = env.PUBLIC_URL.startsWith("https://") ? "; Secure" : "";
  return [
    httpOnlyCookie(CART_COOKIE, token, maxAge, env),
    `${CART_COUNT_COOKIE}=${Math.max(0, Math.floor(count))}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure}`,
  ];
}

/** The request's unexpired cart, or null (no cookie, not ours, or expired). */
export function findRequestCart(db: Db | Tx, request: Request) {
  return findCart(db, cartTokenOf(request));
}

/** The request's unexpired cart with its lines (the cart and checkout pages), or null. */
export function findRequestCartWithLines(db: Db | Tx, request: Request) {
  return findCartWithLines(db, cartTokenOf(request));
}
