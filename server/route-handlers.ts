import type { ServerBuild } from "react-router";

/** A route module's loader or action, as React Router calls it on the server. */
export type RouteHandler = (args: { request: Request; url: URL; context: unknown }) => unknown;

const wrappedBuilds = new WeakMap<(handler: RouteHandler) => RouteHandler, WeakMap<ServerBuild, ServerBuild>>();

/** The build with every route's loader and action wrapped by `wrap` (once per build). */
export function wrapRouteHandlers(build: ServerBuild, wrap: (handler: RouteHandler) => RouteHandler): ServerBuild {
  let builds = wrappedBuilds.get(wrap);
  if (!builds) wrappedBuilds.set(wrap, (builds = new WeakMap()));
  let wrapped = builds.get(build);
  if (!wrapped) {
    const routes: ServerBuild["routes"] = {};
    for (const [id, route] of Object.entries(build.routes)) {
      if (!route) continue;
      const { loader, action } = route.module as { loader?: RouteHandler; action?: RouteHandler };
      routes[id] = {
        ...route,
        module: {
          ...route.module,
          ...(loader ? { loader: wrap(loader) } : {}),
          ...(action ? { action: wrap(action) } : {}),
        } as typeof route.module,
      };
    }
    wrapped = { ...build, routes };
    builds.set(build, wrapped);
  }
  return wrapped;
}

/**
 * Loaders and actions get the request at the address the page was asked for (`/shop`, not the
 * client navigation's `/shop.data?_routes=…`, no `?index`), as before React Router 8, which passes
 * the raw request and the page's address as `url`: the routes read their path and query from
 * `request.url`. Document requests already are at that address and pass unchanged.
 */
export function atPageAddress(handler: RouteHandler): RouteHandler {
  return (args) => (args.request.url === args.url.href ? handler(args) : handler({ ...args, request: new Request(args.url, args.request) }));
}
