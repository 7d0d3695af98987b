import { BlogPage } from "~/features/content/components/blog-page";
import { getPageContent } from "~/features/content/content.server";
import { fillPlaceholders } from "~/features/content/placeholders";
import { DEFAULT_STORE_NAME } from "~/features/settings/store-name";
import { INTL_LOCALE, localeOfPath, localizedPath, type Locale } from "~/lib/i18n/locale";
import { SHOP_TIME_ZONE } from "~/lib/dates";
import { Pagination } from "~/components/ui/pagination";
import { useI18n } from "~/lib/i18n/i18n-context";
import type { Article } from "~/features/content/content.schema";
import type { PageContent } from "~/features/content/types";
import { listPublishedPosts, type PostSummary } from "~/features/pages/pages.server";
import type { Route } from "./+types/blog";
import { useStoreLayout } from "~/features/storefront/store-layout-data";
import { contentOptions } from "~/features/content/content-options";
import { metaTranslator, storeLayoutData, storeMeta } from "~/features/storefront/store-meta";

/** The blog's header (page content) and the published posts, newest first, nine a page (?page=n). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname);
  const [blog, posts] = await Promise.all([
    getPageContent(context.database.db, "blog", contentOptions(request, context)),
    listPublishedPosts(context.database.db, locale, { page: Number(url.searchParams.get("page")) || 1 }),
  ]);
  return { blog: withPosts(blog, posts.rows, locale), posts: { page: posts.page, pageCount: posts.pageCount } };
}

/**
 * The articles section shows the published posts as its cards (each a link to /blog/:slug); until
 * there is one, the section's own cards (the "coming soon" placeholders) stay.
 */
function withPosts(blog: PageContent<"blog">, posts: PostSummary[], locale: Locale): PageContent<"blog"> {
  if (posts.length === 0) return blog;
  const placeholders = blog.sections.articles.content.articles;
  const articles: Article[] = posts.map((post, index) => ({
    id: index + 1,
    title: post.title,
    excerpt: post.excerpt,
    category: post.tags[0] ?? "",
    status: "",
    image: post.coverImage || placeholders[index % Math.max(placeholders.length, 1)]?.image,
    image_alt: "",
    date: new Date(post.publishedAt).toLocaleDateString(INTL_LOCALE[locale], {
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      timeZone: SHOP_TIME_ZONE,
    }),
    url: `/blog/${post.slug}`,
  }));
  return {
    ...blog,
    sections: {
      ...blog.sections,
      articles: { ...blog.sections.articles, content: { ...blog.sections.articles.content, articles } },
    },
  };
}

export const meta: Route.MetaFunction = (args) => {
  const layout = storeLayoutData(args.matches);
  const storeName = layout?.storeName ?? DEFAULT_STORE_NAME;
  const header = args.loaderData?.blog.sections.header.content;
  const t = metaTranslator(args);
  return storeMeta(args, {
    title: `${header?.heading ?? t("pages.blog.metaTitle")} | ${storeName}`,
    description: header?.description ?? t("pages.blog.metaDescription"),
    image: args.loaderData?.blog.sections.articles.content.articles[0]?.image ?? null,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Blog",
        name: header?.heading ?? t("pages.blog.pageName", { store: storeName }),
        url: `${layout?.origin ?? ""}${localizedPath("/blog", localeOfPath(args.location.pathname))}`,
      },
    ],
  });
};

export default function Blog({ loaderData }: Route.ComponentProps) {
  const layout = useStoreLayout();
  const content = layout ? fillPlaceholders(loaderData.blog, layout.placeholders) : loaderData.blog;
  const { page, pageCount } = loaderData.posts;
  const { t } = useI18n();
  return (
    <>
      <BlogPage content={content} />
      <Pagination
        page={page}
        pageCount={pageCount}
        hrefFor={(p) => (p > 1 ? `?page=${p}` : "?")}
        className="pb-16"
        labels={{
          navigation: t("pages.blog.pagination"),
          previous: t("pages.blog.previousPage"),
          next: t("pages.blog.nextPage"),
          page: (p) => t("pages.blog.pageNumber", { page: p }),
        }}
      />
    </>
  );
}

export { ContentPageError as ErrorBoundary } from "~/features/content/components/content-page-error";
