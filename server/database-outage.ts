import { data, type ServerBuild } from "react-router";
import type { AppServices } from "~/server/context.server";
import { databaseUnavailable } from "~/server/db-errors.server";
import { UNAVAILABLE_MESSAGE } from "~/server/errors.server";

type RouteHandler = (args: { context: unknown }) => unknown;

const guardedBuilds = new WeakMap<ServerBuild, ServerBuild>();

/**
 * The build with every loader and action guarded: a query that fails because the database cannot
 * be reached (PostgreSQL restarting, network) becomes a 503 error response with
 * UNAVAILABLE_MESSAGE, instead of a 500 "bug" page. One place for every route, and the same answer
 * for a document request and a client navigation (the error boundary reads the status).
 */
export function guardDatabaseOutages(build: ServerBuild): ServerBuild {
  let guarded = guardedBuilds.get(build);
  if (!guarded) {
    const routes: ServerBuild["routes"] = {};
    for (const [id, route] of Object.entries(build.routes)) {
      if (!route) continue;
      const { loader, action } = route.module as { loader?: RouteHandler; action?: RouteHandler };
      routes[id] = {
        ...route,
        module: {
          ...route.module,
          ...(loader ? { loader: guard(loader) } : {}),
          ...(action ? { action: guard(action) } : {}),
        } as typeof route.module,
      };
    }
    guarded = { ...build, routes };
    guardedBuilds.set(build, guarded);
  }
  return guarded;
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
