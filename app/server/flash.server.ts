import { randomBytes } from "node:crypto";
import { redirect } from "react-router";
import { isFlashKind, type Flash, type FlashKind } from "~/lib/flash";
import { httpOnlyCookie, readCookie } from "./cookies.server";
import type { Env } from "./env.server";

/*
 * A one-shot notice handed from an action to the next page (app/lib/flash.ts): a redirect sets
 * a short-lived cookie, the next page's loader reads and clears it, the page shows the toast
 * once (useFlashToast). The console and the storefront each have their own cookie; the page
 * cache bypasses requests carrying either (isFlashCookieName).
 */

export type FlashScope = "admin" | "store";

/** The console's cookie is personal, like the session; the storefront's is the shopper's. */
export const flashCookieNames: Record<FlashScope, string> = { admin: "uvc_admin_flash", store: "uvc_flash" };

/** True for the cookie of a flash notice (either scope, with or without a __Secure-/__Host- prefix). */
export function isFlashCookieName(name: string): boolean {
  const bare = name.replace(/^__(?:Secure|Host)-/, "");
  return Object.values(flashCookieNames).includes(bare);
}

/** Long enough to survive a redirect on a slow phone, short enough never to show up later. */
const FLASH_MAX_AGE_SECONDS = 60;

/** A Set-Cookie value carrying a one-shot notice to the next page of the scope (the console by default). */
export function flashCookie(kind: FlashKind, env: Pick<Env, "PUBLIC_URL">, scope: FlashScope = "admin"): string {
  const id = `${kind}.${randomBytes(6).toString("hex")}`;
  return httpOnlyCookie(flashCookieNames[scope], id, FLASH_MAX_AGE_SECONDS, env);
}

/** A redirect whose next page shows the notice (an action's success that leaves the page). */
export function redirectWithFlash(
  url: string,
  kind: FlashKind,
  env: Pick<Env, "PUBLIC_URL">,
  options: { scope?: FlashScope; headers?: Headers } = {},
): Response {
  const headers = new Headers(options.headers);
  headers.append("Set-Cookie", flashCookie(kind, env, options.scope));
  return redirect(url, { headers });
}

/**
 * The notice waiting in the request's cookies, and the Set-Cookie value that clears it (null
 * when there was none). Unknown values are ignored (and cleared).
 */
export function readFlash(
  request: Request,
  env: Pick<Env, "PUBLIC_URL">,
  scope: FlashScope = "admin",
): { flash: Flash | null; clear: string | null } {
  const name = flashCookieNames[scope];
  const value = readCookie(request, name);
  if (value === null) return { flash: null, clear: null };
  const clear = httpOnlyCookie(name, "", 0, env);
  const match = /^([a-z0-9-]+)\.([0-9a-f]{12})$/.exec(value);
  if (!match || !isFlashKind(match[1])) return { flash: null, clear };
  return { flash: { id: value, kind: match[1] }, clear };
}
