import type { Env } from "./env.server";

/*
 * The shop's own cookies, read and written one way. Path=/ rather than a folder: client
 * navigations load data from "/admin.data", which a cookie scoped to /admin does not match (the
 * character after the prefix must be "/").
 */

/** A Set-Cookie value for a cookie no script may read (`maxAge` 0 removes it). */
export function httpOnlyCookie(name: string, value: string, maxAge: number, env: Pick<Env, "PUBLIC_URL">): string {
  const secure = env.PUBLIC_URL.startsWith("https://") ? "; Secure" : "";
  return `${name}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
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
