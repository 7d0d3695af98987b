import { absoluteUrl } from "~/lib/urls";
import type { MetaDescriptor } from "react-router";
import { LOCALES, localizedPath, OG_LOCALE, pathWithoutLocale, type Locale } from "~/lib/i18n/locale";

/** A page_seo row as the storefront uses it (SPEC §3), or null where the path has none. */
export interface PageSeoData {
  metaTitle: string | null;
  metaDescription: string | null;
  ogImage: string | null;
  keywords: string[];
  canonicalUrl: string | null;
  structuredData: Record<string, unknown> | null;
}

/** What a page knows about itself: used wherever its page_seo row says nothing. */
export interface SeoDefaults {
  title: string;
  description: string;
  /** A site path (/images/…) or an absolute URL. */
  image?: string | null;
  type?: "website" | "product" | "article";
  /** JSON-LD objects the page always carries (Product, BreadcrumbList…), after the row's own. */
  jsonLd?: Record<string, unknown>[];
  /** Pages that must not be indexed (404, cart, checkout). */
  noIndex?: boolean;
}

interface SeoInput {
  defaults: SeoDefaults;
  seo: PageSeoData | null;
  /** The public origin, without a trailing slash (PUBLIC_URL). */
  origin: string;
  /** The page's path, without query: the canonical URL unless the row names one. */
  path: string;
  siteName: string;
  /** The page's language (from its path when not given). */
  locale?: Locale;
}

/**
 * The page in each language (hreflang), Vietnamese as the default for other languages. Both
 * languages always exist: the English site shows the Vietnamese text where a translation is empty.
 */
export function languageAlternates(origin: string, path: string): MetaDescriptor[] {
  const bare = pathWithoutLocale(path);
  return [
    ...LOCALES.map((locale) => ({
      tagName: "link" as const,
      rel: "alternate",
      hrefLang: locale,
      href: absoluteUrl(origin, localizedPath(bare, locale)),
    })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: absoluteUrl(origin, bare) },
  ];
}

/**
 * The head of a storefront page: title, description, keywords, canonical, Open Graph, Twitter
 * card and JSON-LD. The page_seo row wins field by field; the page's defaults fill the rest.
 * React Router escapes JSON-LD ("script:ld+json"), so content can never close the script tag.
 */
export function buildSeoMeta({ defaults, seo, origin, path, siteName, locale = "vi" }: SeoInput): MetaDescriptor[] {
  const title = seo?.metaTitle?.trim() || defaults.title;
  const description = seo?.metaDescription?.trim() || defaults.description;
  const canonical = absoluteUrl(origin, seo?.canonicalUrl?.trim() || path);
  const imagePath = seo?.ogImage?.trim() || defaults.image;
  const image = imagePath ? absoluteUrl(origin, imagePath) : null;

  const meta: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: defaults.type ?? "website" },
    { property: "og:url", content: canonical },
    { property: "og:locale", content: OG_LOCALE[locale] },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
  ];
  if (image) meta.push({ property: "og:image", content: image });
  if (seo && seo.keywords.length > 0) meta.push({ name: "keywords", content: seo.keywords.join(", ") });
  if (defaults.noIndex) meta.push({ name: "robots", content: "noindex, follow" });
  else meta.push(...languageAlternates(origin, path));
  for (const jsonLd of [...(seo?.structuredData ? [seo.structuredData] : []), ...(defaults.jsonLd ?? [])]) {
    meta.push({ "script:ld+json": jsonLd });
  }
  return meta;
}
