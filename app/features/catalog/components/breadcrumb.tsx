import { ChevronRight } from "~/components/ui/icons";
import { Link } from "react-router";
import { useI18n } from "~/lib/i18n/i18n-context";
import { localizedPath, type Locale } from "~/lib/i18n/locale";

export interface Crumb {
  label: string;
  to?: string;
}

/** Home > … > current page (the last crumb is the page itself); links stay in the page's language. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  const { t, href } = useI18n();
  return (
    <nav aria-label={t("catalog.breadcrumb.label")}>
      <ol className="flex flex-wrap items-center gap-1 text-sm text-brand-cool-gray">
        {items.map((item, index) => (
          <li key={`${item.label}-${index}`} className="flex items-center gap-1">
            {index > 0 && <ChevronRight className="size-4" aria-hidden="true" />}
            {item.to && index < items.length - 1 ? (
              <Link to={href(item.to)} className="rounded hover:text-brand-charcoal hover:underline">
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className="font-medium text-brand-charcoal">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** BreadcrumbList JSON-LD for the same trail (absolute URLs in the page's language). */
export function breadcrumbJsonLd(origin: string, locale: Locale, items: Crumb[]): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.label,
      ...(item.to ? { item: `${origin}${localizedPath(item.to, locale)}` } : {}),
    })),
  };
}
