import { lazy, Suspense } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";

/**
 * The not-found view serves only the error boundary, so the browser fetches it when it shows one
 * (decision 0027, issue 17: not in the product and collection pages' first load). The server
 * renders it in place: a visitor without JavaScript gets the whole page, and the Suspense boundary
 * lets a server-rendered 404 hydrate once the view's code has arrived.
 */
const NotFound = import.meta.env.SSR
  ? (await import("./not-found")).CatalogNotFound
  : lazy(() => import("./not-found").then((module) => ({ default: module.CatalogNotFound })));

/** The error boundary of a catalogue page (product, collection): its not-found or error view. */
export function CatalogErrorBoundary({ what }: { what: "collection" | "product" }) {
  const error = useRouteError();
  return (
    <Suspense fallback={null}>
      <NotFound status={isRouteErrorResponse(error) ? error.status : 500} what={what} />
    </Suspense>
  );
}
