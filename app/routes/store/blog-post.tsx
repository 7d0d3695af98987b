import { data } from "react-router";
import { listProductsByIds } from "~/features/catalog/product-page.server";
import { PostPage } from "~/features/pages/components/post-page";
import { markdownToText, renderMarkdown } from "~/features/pages/markdown";
import { getPublishedPage } from "~/features/pages/pages.server";
import { DEFAULT_STORE_NAME } from "~/features/settings/store-name";
import { localeOfPath, localizedPath, type Locale } from "~/lib/i18n/locale";
import type { Route } from "./+types/blog-post";
import { metaTranslator, storeLayoutData, storeMeta } from "~/features/storefront/store-meta";

/** /blog/:slug and /en/blog/:slug: a published post (a draft or a scheduled one is not found). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale: Locale = localeOfPath(new URL(request.url).pathname);
  const db = context.database.db;
  const post = await getPublishedPage(db, "post", params.slug, locale);
  if (!post) throw data(null, { status: 404 });
  const relatedProducts = await listProductsByIds(db, post.relatedProductIds, locale);
  return {
    relatedProducts,
    slug: post.slug,
    title: post.title,
    seoTitle: post.seoTitle,
    excerpt: post.excerpt,
    description: post.seoDescription || post.excerpt || markdownToText(post.body).slice(0, 160),
    html: renderMarkdown(post.body, { localizePath: (path) => localizedPath(path, locale) }),
    coverImage: post.coverImage,
    author: post.author,
    tags: post.tags,
    publishedAt: post.publishedAt,
    updatedAt: post.updatedAt,
  };
}

export const meta: Route.MetaFunction = (args) => {
  const layout = storeLayoutData(args.matches);
  const storeName = layout?.storeName ?? DEFAULT_STORE_NAME;
  const t = metaTranslator(args);
  if (!args.loaderData)
    return [{ title: `${t("errors.notFoundTitle")} | ${storeName}` }, { name: "robots", content: "noindex" }];
  const post = args.loaderData;
  const origin = layout?.origin ?? "";
  const url = `${origin}${localizedPath(`/blog/${post.slug}`, localeOfPath(args.location.pathname))}`;
  return storeMeta(args, {
    title: `${post.seoTitle || post.title} | ${storeName}`,
    description: post.description,
    image: post.coverImage || null,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: post.title,
        description: post.description,
        datePublished: post.publishedAt,
        dateModified: post.updatedAt,
        ...(post.author
          ? { author: { "@type": "Person", name: post.author } }
          : { author: { "@type": "Organization", name: storeName } }),
        publisher: { "@type": "Organization", name: storeName },
        ...(post.coverImage ? { image: `${origin}${post.coverImage}` } : {}),
        ...(post.tags.length > 0 ? { keywords: post.tags.join(", ") } : {}),
        mainEntityOfPage: url,
        url,
      },
    ],
  });
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  return <PostPage {...loaderData} />;
}

export { ContentPageError as ErrorBoundary } from "~/features/content/components/content-page-error";
