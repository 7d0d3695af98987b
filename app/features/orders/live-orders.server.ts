import { httpOnlyCookie } from "~/server/cookies.server";
import type { Env } from "~/server/env.server";
import { ORDERS_SEEN_COOKIE, ordersSeenValue } from "./live-orders";

/** Kept a year: a badge that forgot would count every order ever placed as new. */
const ORDERS_SEEN_MAX_AGE = 365 * 24 * 60 * 60;

/** The Set-Cookie value recording that this admin opened the orders at `seenAt` (the server's clock). */
export function ordersSeenCookie(userId: string, seenAt: Date, env: Pick<Env, "PUBLIC_URL">): string {
  return httpOnlyCookie(ORDERS_SEEN_COOKIE, encodeURIComponent(ordersSeenValue(userId, seenAt)), ORDERS_SEEN_MAX_AGE, env);
}
