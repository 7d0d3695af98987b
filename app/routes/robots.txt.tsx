import { renderRobotsTxt } from "~/features/seo/sitemap.server";
import type { Route } from "./+types/robots.txt";
import { publicOrigin } from "~/server/request-guards.server";

/** GET /robots.txt: the shop is open to crawlers; admin, cart, checkout, confirmation and search are not. */
export function loader({ request, context }: Route.LoaderArgs) {
  return new Response(renderRobotsTxt(publicOrigin(context.env, request)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
