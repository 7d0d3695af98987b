import { ArrowLeft } from "~/components/ui/icons";
import { Link } from "react-router";
import { ProductCard } from "~/features/catalog/components/product-card";
import type { ProductSummary } from "~/features/catalog/catalog-types";
import { SHOP_TIME_ZONE } from "~/lib/dates";
import { useI18n } from "~/lib/i18n/i18n-context";
import { INTL_LOCALE } from "~/lib/i18n/locale";
import { MarkdownBody } from "./markdown-body";

/** /blog/:slug: a published post (its body rendered on the server by renderMarkdown). */
export function PostPage({
  title,
  excerpt,
  html,
  coverImage,
  author,
  publishedAt,
  tags,
  relatedProducts,
}: {
  title: string;
  excerpt: string;
  html: string;
  coverImage: string;
  author: string;
  publishedAt: string;
  tags: string[];
  /** The products staff linked to the post, shown after it. */
  relatedProducts: ProductSummary[];
}) {
  const { t, href, locale } = useI18n();
  const date = new Date(publishedAt).toLocaleDateString(INTL_LOCALE[locale], {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone: SHOP_TIME_ZONE,
  });
  return (
    <>
      <article aria-labelledby="page-heading" className="mx-auto w-full max-w-3xl px-4 py-10 md:px-6 md:py-16">
        <Link
          to={href("/blog")}
          className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-brand-teal-strong hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t("pages.post.back")}
        </Link>
        <h1 id="page-heading" className="mt-4 text-3xl font-bold tracking-tight md:text-5xl">
          {title}
        </h1>
        <p className="mt-4 text-sm text-brand-cool-gray">
          <time dateTime={publishedAt}>{t("pages.post.published", { date })}</time>
          {author && <> · {t("pages.post.by", { author })}</>}
        </p>
        {excerpt && <p className="mt-6 text-lg leading-relaxed text-brand-charcoal/90">{excerpt}</p>}
        {coverImage && (
          <img
            src={coverImage}
            alt=""
            width={1200}
            height={630}
            className="mt-8 h-auto w-full rounded-3xl object-cover"
          />
        )}
        <MarkdownBody html={html} className="mt-8" />
        {tags.length > 0 && (
          <ul aria-label={t("pages.post.tags")} className="mt-10 flex flex-wrap gap-2">
            {tags.map((tag) => (
              <li key={tag} className="rounded-full bg-brand-white px-3 py-1 text-sm text-brand-teal-strong">
                #{tag}
              </li>
            ))}
          </ul>
        )}
      </article>
      {relatedProducts.length > 0 && (
        <section
          aria-labelledby="related-products-heading"
          className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 pb-16 md:px-6"
        >
          <h2 id="related-products-heading" className="text-2xl font-bold">
            {t("pages.post.relatedProducts")}
          </h2>
          <ul className="grid grid-cols-2 gap-4 md:gap-6">
            {relatedProducts.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
