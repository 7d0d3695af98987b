import { isRouteErrorResponse } from "react-router";

/** Matches CROSS_SITE_CODE of app/server/request-guards.server.ts (server-only module). */
const CROSS_SITE_CODE = "cross-site";

export interface Refusal {
  status: number;
  /** The server's own explanation of a 4xx (`{"error": "…"}`), or null. */
  message: string | null;
  /** The request was refused as sent from another site (CSRF check), not for a missing sign-in. */
  crossSite: boolean;
}

/**
 * What an error boundary should say about a route error. A refused action posted by a fetcher
 * reaches the boundary with its JSON body still as text, a thrown Response from a loader with it
 * parsed: both are read here. Server errors (5xx) carry no message.
 */
export function refusalOf(error: unknown): Refusal {
  if (!isRouteErrorResponse(error)) return { status: 500, message: null, crossSite: false };
  let body: unknown = error.data;
  if (typeof body === "string") {
    try {
      body = JSON.parse(body);
    } catch {
      body = null;
    }
  }
  const fields = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const message = error.status >= 400 && error.status < 500 && typeof fields.error === "string" ? fields.error : null;
  return { status: error.status, message, crossSite: error.status === 403 && fields.code === CROSS_SITE_CODE };
}
