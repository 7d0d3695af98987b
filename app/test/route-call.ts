import type { AppLoadContext } from "react-router";

/** What a route's loader or action answered, as a browser would see it. */
export interface RouteAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

/**
 * Calls a route's loader or action as React Router does and reads its result as status, headers
 * and payload: data(), a Response thrown or returned (redirects, guards), or a plain value.
 */
export async function callRoute(
  fn: unknown,
  request: Request,
  context: AppLoadContext,
  params: Record<string, string> = {},
): Promise<RouteAnswer> {
  let result: unknown;
  try {
    result = await (fn as (a: unknown) => Promise<unknown>)({ request, context, params, unstable_pattern: "" });
  } catch (error) {
    result = error;
  }
  if (result instanceof Response) return { status: result.status, headers: result.headers, body: null };
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = result as { data: unknown; init: ResponseInit | null };
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), body: data };
  }
  return { status: 200, headers: new Headers(), body: result };
}
