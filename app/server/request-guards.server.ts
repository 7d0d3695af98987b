import type { Env } from "~/server/env.server";

/*
 * Checks on a request as it arrives, before any page, action or auth endpoint sees it. Shared
 * by the Express layer (server/guards.ts) and by routes that check again themselves.
 * See docs/decisions/0011-attacks-refused.md.
 */

/**
 * The header that carries the client's address past the Express layer. Express overwrites it
 * on every request with the one address it trusts (the socket's, or the proxy header named by
 * TRUSTED_PROXY_IP_HEADER), so whatever a client sent in it is gone; better-auth's rate
 * limiter and ours read it.
 */
export const CLIENT_IP_HEADER = "x-forwarded-for";

/**
 * The client address to trust: the socket's peer without a proxy (TRUSTED_PROXY_IP_HEADER
 * "none"), else the named header. For X-Forwarded-For the last entry is the one our proxy
 * appended; earlier entries come from the client and can be anything.
 */
export function trustedClientIp(
  env: Pick<Env, "TRUSTED_PROXY_IP_HEADER">,
  headers: Record<string, string | string[] | undefined>,
  socketAddress: string | undefined,
): string | null {
  const headerName = env.TRUSTED_PROXY_IP_HEADER.toLowerCase();
  if (headerName === "none") return socketAddress ?? null;
  const raw = headers[headerName];
  const value = Array.isArray(raw) ? raw.join(",") : raw;
  const last = value
    ?.split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .at(-1);
  return last ?? null;
}

/** The address set by the Express layer (CLIENT_IP_HEADER), or "unknown" outside it. */
export function clientIpOf(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER)?.split(",")[0]?.trim() || "unknown";
}

/** What the origin rules read of a request: its headers, and its URL for its own address. */
export interface OriginCheckedRequest {
  headers: Headers;
  /** The request's absolute URL as the server resolved it (scheme and Host header). */
  url: string;
}

/**
 * The origins a state-changing request may come from: those PUBLIC_URL lists, or, when it is
 * unset, the request's own (its scheme and Host), so the shop works at localhost, 127.0.0.1, a LAN
 * address or any host name it is reached at. Trusting the Host header gives an attacker nothing:
 * a cross-site form is sent by the victim's browser, which sets Host to the shop's address and
 * Origin to the attacker's page; a page whose own name points at the shop (DNS rebinding) sees
 * only cookies of its own name, never the shop's.
 */
export function allowedOrigins(request: OriginCheckedRequest, env: Pick<Env, "PUBLIC_ORIGINS">): string[] {
  if (env.PUBLIC_ORIGINS.length > 0) return env.PUBLIC_ORIGINS;
  try {
    return [new URL(request.url).origin];
  } catch {
    return [];
  }
}

/**
 * True when a state-changing request may come from another site (CSRF): its Origin is not one of
 * allowedOrigins, or, without an Origin, Fetch Metadata says cross-site or same-site.
 * Browsers send Origin on every POST; a request with neither header is not from a browser's
 * cross-site form (curl, a server) and carries no one's cookies by accident, so it passes.
 */
export function isCrossSiteRequest(request: OriginCheckedRequest, env: Pick<Env, "PUBLIC_ORIGINS">): boolean {
  const origin = request.headers.get("origin");
  const site = request.headers.get("sec-fetch-site");
  if (origin && origin !== "null") return !allowedOrigins(request, env).includes(origin);
  if (origin === "null") return site !== "same-origin";
  return !(!site || site === "same-origin" || site === "none");
}

/**
 * The origin for absolute links (canonical, Open Graph, sitemap, e-mails): PUBLIC_URL's first
 * entry when set, else the address this request reached (else the documented default, PUBLIC_URL).
 */
export function publicOrigin(env: Pick<Env, "PUBLIC_URL" | "PUBLIC_ORIGINS">, request?: { url: string }): string {
  if (env.PUBLIC_ORIGINS.length > 0 || !request) return env.PUBLIC_URL;
  try {
    return new URL(request.url).origin;
  } catch {
    return env.PUBLIC_URL;
  }
}

/** Form posts and JSON bodies of pages and actions: far more than any form of the shop needs. */
export const MAX_BODY_BYTES = 1024 * 1024;

export const BODY_TOO_LARGE_MESSAGE = "Dữ liệu gửi lên quá lớn";
export const CROSS_SITE_MESSAGE =
  "Yêu cầu bị từ chối vì được gửi từ một trang khác với trang của cửa hàng. Vui lòng mở lại trang của cửa hàng và gửi lại.";
/** Marks a cross-site refusal in a JSON answer, so error boundaries can tell it from a sign-in 403. */
export const CROSS_SITE_CODE = "cross-site";
export const MALFORMED_FORM_MESSAGE = "Dữ liệu biểu mẫu không hợp lệ";

/**
 * The request's form fields; a body that is not a form (broken multipart, wrong content type)
 * is answered with 400 and a clear message instead of a server error.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response(JSON.stringify({ error: MALFORMED_FORM_MESSAGE }), {
      status: 400,
      headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
}
