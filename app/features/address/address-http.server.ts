import { createHash } from "node:crypto";
import type { Logger } from "~/server/logger.server";
import type { AddressOption } from "./address.schema";

/**
 * Responses of the /api/address routes. The lists change only when the data packages do, so
 * browsers and CDNs may keep them a day and serve them stale for a week while revalidating;
 * the ETag (a hash of the body) lets a revalidation answer 304 without the body.
 */
export const ADDRESS_CACHE_CONTROL = "public, max-age=86400, stale-while-revalidate=604800";

function etagOf(body: string): string {
  return `"${createHash("sha1").update(body).digest("base64url").slice(0, 27)}"`;
}

/** True when If-None-Match names this ETag (weak or strong, or "*"). */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === etag;
  });
}

export function addressListResponse(request: Request, options: AddressOption[]): Response {
  const body = JSON.stringify(options);
  const etag = etagOf(body);
  const headers = new Headers({ "Cache-Control": ADDRESS_CACHE_CONTROL, ETag: etag, Vary: "Accept-Encoding" });
  if (matches(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(body, { status: 200, headers });
}

/** A JSON error ({ error }) that no cache keeps. */
export function addressErrorResponse(status: 404 | 503, error: string): Response {
  return Response.json({ error }, { status, headers: { "Cache-Control": "no-store" } });
}

/**
 * Runs a list lookup and answers with the list, a 404 for unknown input (the lookup returns
 * null), or a 503 if the data cannot be loaded: never a 500.
 */
export function answerAddressList(
  request: Request,
  logger: Logger,
  lookup: () => AddressOption[] | { notFound: string },
): Response {
  try {
    const result = lookup();
    if (!Array.isArray(result)) return addressErrorResponse(404, result.notFound);
    return addressListResponse(request, result);
  } catch (error) {
    logger.error({ err: error }, "address data unavailable");
    return addressErrorResponse(503, "Address data is unavailable, please try again later.");
  }
}
