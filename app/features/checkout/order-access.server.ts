import { httpOnlyCookie, readCookie } from "~/server/cookies.server";
import type { Env } from "~/server/env.server";
import { signToken, verifyToken } from "~/server/signed-token.server";
import { isUuid } from "~/lib/search-pattern";

/**
 * Which orders this browser may see in full (issue 13 item 6, decision 0018): the orders it
 * placed or looked up (order number + phone), each for ORDER_ACCESS_TTL_SECONDS. Kept in one
 * httpOnly cookie signed with the auth secret, so it cannot be forged or extended; a link to a
 * confirmation page shows no personal data in any other browser, nor after the grant expires.
 */
export const ORDER_ACCESS_COOKIE = "uvc_orders";
/** Long enough to read and print the confirmation, short enough for a shared phone or computer. */
export const ORDER_ACCESS_TTL_SECONDS = 2 * 60 * 60;
/** A browser keeps its most recent grants only (the cookie stays small). */
const MAX_GRANTS = 5;
/** Keeps these signatures apart from anything else signed with the auth secret. */
const TOKEN_PURPOSE = "order-access:v1";

/**
 * What a grant shows: "full" to the browser that placed the order; "partial" to one that looked it
 * up by number and phone (the street hidden, no e-mail or tax details: decision 0045), since a
 * phone number and an order number are easier to come by than the browser that ordered.
 */
export type OrderAccess = "full" | "partial";

interface Grant {
  orderId: string;
  /** Unix time, seconds. */
  expiresAt: number;
  access: OrderAccess;
}

type AccessEnv = Pick<Env, "AUTH_SECRET" | "PUBLIC_URL">;


/**
 * The cookie value: JSON [[orderId, expiresAt], [orderId, expiresAt, "partial"], …], signed
 * (app/server/signed-token.server.ts). A grant without the third entry is a full one.
 */
export function encodeGrants(grants: Array<Omit<Grant, "access"> & { access?: OrderAccess }>, secret: string): string {
  const entries = grants.map((g) => (g.access === "partial" ? [g.orderId, g.expiresAt, "partial"] : [g.orderId, g.expiresAt]));
  return signToken(TOKEN_PURPOSE, JSON.stringify(entries), secret);
}

/** The unexpired grants of a cookie value; none when it is missing, malformed or not signed by us. */
export function decodeGrants(value: string | null, secret: string, now = Date.now()): Grant[] {
  const json = value ? verifyToken(TOKEN_PURPOSE, value, secret) : null;
  if (json === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const nowSeconds = Math.floor(now / 1000);
  return parsed.flatMap((entry: unknown) => {
    if (!Array.isArray(entry) || entry.length < 2 || entry.length > 3) return [];
    const [orderId, expiresAt, access = "full"] = entry as [unknown, unknown, unknown];
    if (typeof orderId !== "string" || !isUuid(orderId)) return [];
    if (typeof expiresAt !== "number" || !Number.isInteger(expiresAt) || expiresAt <= nowSeconds) return [];
    if (access !== "full" && access !== "partial") return [];
    return [{ orderId, expiresAt, access }];
  });
}

/** What the request's browser may see of this order now: all of it, a part, or nothing (null). */
export function orderAccessOf(request: Request, orderId: string, env: AccessEnv, now = Date.now()): OrderAccess | null {
  const id = orderId.toLowerCase();
  const grants = decodeGrants(readCookie(request, ORDER_ACCESS_COOKIE), env.AUTH_SECRET, now).filter((g) => g.orderId === id);
  if (grants.length === 0) return null;
  return grants.some((g) => g.access === "full") ? "full" : "partial";
}

/**
 * The Set-Cookie value that lets this browser see the order (all of it, or the part a look-up
 * shows) for the next two hours, keeping its other unexpired grants (the newest MAX_GRANTS). A
 * look-up never narrows what the browser that placed the order may see.
 */
export function grantOrderAccess(
  request: Request,
  orderId: string,
  env: AccessEnv,
  now = Date.now(),
  access: OrderAccess = "full",
): string {
  const id = orderId.toLowerCase();
  const expiresAt = Math.floor(now / 1000) + ORDER_ACCESS_TTL_SECONDS;
  const current = decodeGrants(readCookie(request, ORDER_ACCESS_COOKIE), env.AUTH_SECRET, now);
  const wasFull = current.some((g) => g.orderId === id && g.access === "full");
  const kept = current.filter((g) => g.orderId !== id);
  const grants = [...kept, { orderId: id, expiresAt, access: wasFull ? "full" : access }].slice(-MAX_GRANTS);
  return httpOnlyCookie(ORDER_ACCESS_COOKIE, encodeGrants(grants, env.AUTH_SECRET), ORDER_ACCESS_TTL_SECONDS, env);
}
