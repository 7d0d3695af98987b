import { httpOnlyCookie, readCookie } from "~/server/cookies.server";
import type { Env } from "~/server/env.server";
import { signToken, verifyToken } from "~/server/signed-token.server";

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

interface Grant {
  orderId: string;
  /** Unix time, seconds. */
  expiresAt: number;
}

type AccessEnv = Pick<Env, "AUTH_SECRET" | "PUBLIC_URL">;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The cookie value: JSON [[orderId, expiresAt], …], signed (app/server/signed-token.server.ts). */
export function encodeGrants(grants: Grant[], secret: string): string {
  return signToken(TOKEN_PURPOSE, JSON.stringify(grants.map((g) => [g.orderId, g.expiresAt])), secret);
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
    if (!Array.isArray(entry) || entry.length !== 2) return [];
    const [orderId, expiresAt] = entry as [unknown, unknown];
    if (typeof orderId !== "string" || !uuidPattern.test(orderId)) return [];
    if (typeof expiresAt !== "number" || !Number.isInteger(expiresAt) || expiresAt <= nowSeconds) return [];
    return [{ orderId, expiresAt }];
  });
}

/** Whether the request's browser may see this order's details now. */
export function canSeeOrder(request: Request, orderId: string, env: AccessEnv, now = Date.now()): boolean {
  const id = orderId.toLowerCase();
  return decodeGrants(readCookie(request, ORDER_ACCESS_COOKIE), env.AUTH_SECRET, now).some((g) => g.orderId === id);
}

/**
 * The Set-Cookie value that lets this browser see the order for the next two hours, keeping
 * its other unexpired grants (the newest MAX_GRANTS).
 */
export function grantOrderAccess(request: Request, orderId: string, env: AccessEnv, now = Date.now()): string {
  const expiresAt = Math.floor(now / 1000) + ORDER_ACCESS_TTL_SECONDS;
  const kept = decodeGrants(readCookie(request, ORDER_ACCESS_COOKIE), env.AUTH_SECRET, now).filter(
    (g) => g.orderId !== orderId,
  );
  const grants = [...kept, { orderId: orderId.toLowerCase(), expiresAt }].slice(-MAX_GRANTS);
  return httpOnlyCookie(ORDER_ACCESS_COOKIE, encodeGrants(grants, env.AUTH_SECRET), ORDER_ACCESS_TTL_SECONDS, env);
}
