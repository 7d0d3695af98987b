import { listSitemapEntries, renderSitemapXml } from "~/features/seo/sitemap.server";
import type { Route } from "./+types/sitemap.xml";

/** GET /sitemap.xml: static pages, active categories and active products with their last change. */
export async function loader({ context }: Route.LoaderArgs) {
  const entries = await listSitemapEntries(context.database.db, context.env.PUBLIC_URL);
  return new Response(renderSitemapXml(entries), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
