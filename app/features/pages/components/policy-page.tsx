import { Link } from "react-router";
import { useI18n } from "~/lib/i18n/i18n-context";
import { INTL_LOCALE } from "~/lib/i18n/locale";
import { SHOP_TIME_ZONE } from "~/lib/shop-day";
import { pagePath } from "../page-path";
import type { PolicyLink } from "../pages.schema";
import { MarkdownBody } from "./markdown-body";

/** /policies/:slug: the policy's title, when it last changed, its text, and the other policies. */
export function PolicyPage({
  title,
  html,
  updatedAt,
  slug,
  policies,
}: {
  title: string;
  /** The body, rendered on the server by renderMarkdown. */
  html: string;
  updatedAt: string;
  slug: string;
  policies: PolicyLink[];
}) {
  const { t, href, locale } = useI18n();
  const date = new Date(updatedAt).toLocaleDateString(INTL_LOCALE[locale], {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone: SHOP_TIME_ZONE,
  });
  const others = policies.filter((policy) => policy.slug !== slug);
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-10 md:px-6 md:py-16 lg:grid-cols-[minmax(0,1fr)_16rem]">
      <article aria-labelledby="page-heading" className="max-w-3xl">
        <p className="text-xs font-bold tracking-[0.2em] text-brand-teal-strong uppercase">
          {t("pages.policy.eyebrow")}
        </p>
        <h1 id="page-heading" className="mt-2 text-3xl font-bold tracking-tight md:text-4xl">
          {title}
        </h1>
        <p className="mt-3 text-sm text-brand-cool-gray">{t("pages.policy.updated", { date })}</p>
        <MarkdownBody html={html} className="mt-8" />
      </article>
      {others.length > 0 && (
        <nav aria-labelledby="other-policies" className="h-fit rounded-2xl bg-brand-white p-5 lg:sticky lg:top-24">
          <h2 id="other-policies" className="text-sm font-bold tracking-[0.12em] uppercase">
            {t("pages.policy.others")}
          </h2>
          <ul className="mt-3 flex flex-col">
            {others.map((policy) => (
              <li key={policy.slug}>
                <Link
                  to={href(pagePath("policy", policy.slug))}
                  className="inline-flex min-h-10 items-center text-sm text-brand-teal-strong hover:underline"
                >
                  {policy.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
