import { catalogueFileAt } from "~/server/i18n.server";
import type { Route } from "./+types/i18n-catalogue";

/**
 * GET /i18n/<locale>.<hash>.json: a language's storefront texts. The name changes with the
 * content, so the file is cached for a year. An old or unknown name is a 404: a page rendered
 * by an older build then stays as the server rendered it, which works without JavaScript.
 */
export function loader({ request }: Route.LoaderArgs) {
  const json = catalogueFileAt(new URL(request.url).pathname);
  if (json === null) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(json, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
