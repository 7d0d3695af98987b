import { renderRobotsTxt } from "~/features/seo/sitemap.server";
import type { Route } from "./+types/robots.txt";

/** GET /robots.txt: the shop is open to crawlers; admin, cart, checkout, confirmation and search are not. */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(renderRobotsTxt(context.env.PUBLIC_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
