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

/**
 * True when a state-changing request may come from another site (CSRF): its Origin is not the
 * shop's own (PUBLIC_URL), or, without an Origin, Fetch Metadata says cross-site or same-site.
 * Browsers send Origin on every POST; a request with neither header is not from a browser's
 * cross-site form (curl, a server) and carries no one's cookies by accident, so it passes.
 */
export function isCrossSiteRequest(headers: Headers, env: Pick<Env, "PUBLIC_URL">): boolean {
  const expected = new URL(env.PUBLIC_URL).origin;
  const origin = headers.get("origin");
  const site = headers.get("sec-fetch-site");
  if (origin && origin !== "null") return origin !== expected;
  if (origin === "null") return site !== "same-origin";
  return !(!site || site === "same-origin" || site === "none");
}

/** Form posts and JSON bodies of pages and actions: far more than any form of the shop needs. */
export const MAX_BODY_BYTES = 1024 * 1024;

export const BODY_TOO_LARGE_MESSAGE = "Dữ liệu gửi lên quá lớn";
export const CROSS_SITE_MESSAGE = "Yêu cầu không hợp lệ (nguồn gửi không khớp)";
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
