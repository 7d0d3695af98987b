import { renderAtomFeed } from "~/features/pages/feed";
import { listPublishedPosts } from "~/features/pages/pages.server";
import { getStorefrontSettings } from "~/features/settings/settings.server";
import { localeOfPath, localizedPath } from "~/lib/i18n/locale";
import { publicOrigin } from "~/server/request-guards.server";
import type { Route } from "./+types/blog-feed";

/** GET /blog/feed.xml and /en/blog/feed.xml: the 20 newest published posts as an Atom feed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.database.db;
  const locale = localeOfPath(new URL(request.url).pathname);
  const origin = publicOrigin(context.env, request).replace(/\/+$/, "");
  const [settings, posts] = await Promise.all([getStorefrontSettings(db), listPublishedPosts(db, locale, { pageSize: 20 })]);
  const blogUrl = `${origin}${localizedPath("/blog", locale)}`;
  const body = renderAtomFeed({
    title: `Blog ${settings.store.storeName}`,
    blogUrl,
    feedUrl: `${blogUrl}/feed.xml`,
    storeName: settings.store.storeName,
    language: locale,
    posts: posts.rows,
  });
  return new Response(body, {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}
