import { randomBytes } from "node:crypto";
import { ADMIN_FLASH_COOKIE as FLASH_COOKIE } from "~/server/auth.server";
import type { Env } from "~/server/env.server";
import { isFlashKind, type Flash, type FlashKind } from "./flash";

/** Long enough to survive a redirect on a slow phone, short enough never to show up later. */
const FLASH_MAX_AGE_SECONDS = 60;

// Path=/ rather than /admin: client navigations load data from "/admin.data", which a cookie
// scoped to /admin does not match (the character after the prefix must be "/").
function attributes(env: Pick<Env, "PUBLIC_URL">, maxAge: number): string {
  const secure = env.PUBLIC_URL.startsWith("https://") ? "; Secure" : "";
  return `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

/** A Set-Cookie value carrying a one-shot notice to the next admin page. */
export function flashCookie(kind: FlashKind, env: Pick<Env, "PUBLIC_URL">): string {
  const id = `${kind}.${randomBytes(6).toString("hex")}`;
  return `${FLASH_COOKIE}=${id}; ${attributes(env, FLASH_MAX_AGE_SECONDS)}`;
}

/**
 * The notice waiting in the request's cookies, and the Set-Cookie value that clears it (null
 * when there was none). Unknown values are ignored (and cleared).
 */
export function readFlash(request: Request, env: Pick<Env, "PUBLIC_URL">): { flash: Flash | null; clear: string | null } {
  const value = readCookie(request, FLASH_COOKIE);
  if (value === null) return { flash: null, clear: null };
  const clear = `${FLASH_COOKIE}=; ${attributes(env, 0)}`;
  const match = /^([a-z0-9-]+)\.([0-9a-f]{12})$/.exec(value);
  if (!match || !isFlashKind(match[1])) return { flash: null, clear };
  return { flash: { id: value, kind: match[1] }, clear };
}

/** The value of one cookie of the request, or null. */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
}
