import { ArrowRight, CalendarDays, Mail } from "~/components/ui/icons";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { useI18n } from "~/lib/i18n/i18n-context";
import type { Article } from "../content.schema";
import type { PageContent } from "../types";
import { PageHero } from "./page-hero";
import { container } from "./section-heading";

/**
 * /blog: the journal's header and its article cards. An article with no `url` yet is marked
 * with its status ("Coming soon") and is not a link, so there is no dead link.
 */
export function BlogPage({ content }: { content: PageContent<"blog"> }) {
  const { header, articles } = content.sections;
  const shown = new Set<string>(content.order);
  const { t } = useI18n();

  return (
    <div data-page="blog">
      {shown.has("header") ? (
        <div data-section="header">
          <PageHero eyebrow={t("pages.blog.eyebrow")} title={header.content.heading} lead={header.content.description}>
            <Button asChild variant="outline" size="lg">
              <a href="#newsletter-footer">
                <Mail className="size-5" aria-hidden="true" />
                {t("pages.blog.notify")}
              </a>
            </Button>
          </PageHero>
        </div>
      ) : (
        <h1 className="sr-only">{header.content.heading}</h1>
      )}

      {shown.has("articles") && (
        <section data-section="articles" aria-labelledby="articles-heading" className="pb-16 md:pb-24">
          <div className={container}>
            <h2 id="articles-heading" className="sr-only">
              {t("pages.blog.articles")}
            </h2>
            <ul className="grid gap-6 md:grid-cols-3">
              {articles.content.articles.map((article) => (
                <li key={article.id}>
                  <ArticleCard article={article} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
    </div>
  );
}

function ArticleCard({ article }: { article: Article }) {
  const { t, href } = useI18n();
  const url = article.url && /^(?:\/(?!\/)|https?:\/\/)/i.test(article.url) ? href(article.url) : null;
  const title = <h3 className="text-xl leading-snug font-bold text-balance">{article.title}</h3>;
  return (
    <article
      data-article={article.id}
      className="flex h-full flex-col overflow-hidden rounded-3xl border border-brand-charcoal/10 bg-white shadow-[0_10px_30px_-18px_rgba(34,47,56,0.35)]"
    >
      <div className="relative aspect-[4/3] bg-brand-white">
        {article.image && (
          <img
            src={article.image}
            alt={article.image_alt ?? ""}
            width={640}
            height={480}
            loading="lazy"
            decoding="async"
            className="size-full object-cover"
          />
        )}
        {article.status && (
          <span className="absolute top-4 left-4 rounded-full bg-brand-butter-yellow px-3 py-1 text-xs font-bold tracking-wide text-brand-charcoal uppercase shadow-sm">
            {article.status}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-6">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs font-bold tracking-[0.15em] text-brand-teal-strong uppercase">
          {article.category && <span>{article.category}</span>}
          {article.date && (
            <span className="flex items-center gap-1 font-medium tracking-normal text-brand-cool-gray normal-case">
              <CalendarDays className="size-3.5" aria-hidden="true" />
              {article.date}
            </span>
          )}
        </p>
        {url ? (
          <Link to={url} className="rounded-md hover:text-brand-teal-strong hover:underline">
            {title}
          </Link>
        ) : (
          title
        )}
        <p className="text-sm leading-relaxed text-brand-cool-gray">{article.excerpt}</p>
        {url && (
          <Link
            to={url}
            aria-hidden="true"
            tabIndex={-1}
            className="mt-auto inline-flex items-center gap-2 pt-2 text-sm font-medium text-brand-teal-strong"
          >
            {t("pages.blog.readArticle")}
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        )}
      </div>
    </article>
  );
}
