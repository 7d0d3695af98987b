import { data, type ServerBuild } from "react-router";
import type { AppServices } from "~/server/context.server";
import { databaseUnavailable } from "~/server/db-errors.server";
import { UNAVAILABLE_MESSAGE } from "~/server/errors.server";
import { wrapRouteHandlers, type RouteHandler } from "./route-handlers";

/**
 * The build with every loader and action guarded: a query that fails because the database cannot
 * be reached (PostgreSQL restarting, network) becomes a 503 error response with
 * UNAVAILABLE_MESSAGE, instead of a 500 "bug" page. One place for every route, and the same answer
 * for a document request and a client navigation (the error boundary reads the status).
 */
export function guardDatabaseOutages(build: ServerBuild): ServerBuild {
  return wrapRouteHandlers(build, guard);
}

function guard(handler: RouteHandler): RouteHandler {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      if (error instanceof Response || !databaseUnavailable(error)) throw error;
      (args.context as AppServices).logger.warn({ err: error }, "database unavailable");
      throw data(UNAVAILABLE_MESSAGE, { status: 503, headers: { "Retry-After": "30", "Cache-Control": "no-store" } });
    }
  };
}
