import { listSitemapEntries, renderSitemapXml } from "~/features/seo/sitemap.server";
import type { Route } from "./+types/sitemap.xml";
import { publicOrigin } from "~/server/request-guards.server";

/** GET /sitemap.xml: static pages, active categories and active products with their last change. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const entries = await listSitemapEntries(context.database.db, publicOrigin(context.env, request));
  return new Response(renderSitemapXml(entries), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
