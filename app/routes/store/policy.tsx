import { data } from "react-router";
import { deliveryPlaceholders, deliveryPolicyPlaceholders, deliveryTerms } from "~/features/checkout/delivery-promise";
import { fillText } from "~/features/content/placeholders";
import { PolicyPage } from "~/features/pages/components/policy-page";
import { markdownToText, renderMarkdown } from "~/features/pages/markdown";
import { getPublishedPage, getStorefrontPolicyLinks } from "~/features/pages/pages.server";
import type { Settings } from "~/features/settings/settings.schema";
import { getStorefrontSettings } from "~/features/settings/settings.server";
import { DEFAULT_STORE_NAME } from "~/features/settings/store-name";
import { localeOfPath, localizedPath, type Locale } from "~/lib/i18n/locale";
import { translatorFor } from "~/server/i18n.server";
import type { Route } from "./+types/policy";
import { metaTranslator, storeLayoutData, storeMeta } from "~/features/storefront/store-meta";

/** The values a policy's text may name: the delivery terms and rules, and the business details of the settings. */
function policyPlaceholders(settings: Settings, locale: Locale): Record<string, string> {
  return {
    ...deliveryPlaceholders(deliveryTerms(settings.shipping, settings.delivery)),
    ...deliveryPolicyPlaceholders(settings.delivery, locale, translatorFor(locale)),
    business_name: settings.legal.businessName || settings.store.storeName,
    business_address: settings.legal.registeredAddress || settings.store.address,
    hotline: settings.legal.hotline || settings.store.phone,
    support_email: settings.legal.email || settings.store.email,
  };
}

/** /policies/:slug and /en/policies/:slug: a published policy, its Markdown rendered here on the server. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.database;
  const locale: Locale = localeOfPath(new URL(request.url).pathname);
  const [page, settings, policies] = await Promise.all([
    getPublishedPage(db, "policy", params.slug, locale),
    getStorefrontSettings(db),
    getStorefrontPolicyLinks(db, locale),
  ]);
  if (!page) throw data(null, { status: 404 });
  const body = fillText(page.body, policyPlaceholders(settings, locale));
  return {
    slug: page.slug,
    title: page.title,
    seoTitle: page.seoTitle,
    description: page.seoDescription || markdownToText(body).slice(0, 160),
    html: renderMarkdown(body, { localizePath: (path) => localizedPath(path, locale) }),
    updatedAt: page.updatedAt,
    policies,
  };
}

export const meta: Route.MetaFunction = (args) => {
  const layout = storeLayoutData(args.matches);
  const storeName = layout?.storeName ?? DEFAULT_STORE_NAME;
  const t = metaTranslator(args);
  if (!args.loaderData) return [{ title: `${t("errors.notFoundTitle")} | ${storeName}` }, { name: "robots", content: "noindex" }];
  const { title, seoTitle, description } = args.loaderData;
  return storeMeta(args, {
    title: `${seoTitle || title} | ${storeName}`,
    description,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "WebPage",
        name: title,
        url: `${layout?.origin ?? ""}${localizedPath(`/policies/${args.loaderData.slug}`, localeOfPath(args.location.pathname))}`,
      },
    ],
  });
};

export default function Policy({ loaderData }: Route.ComponentProps) {
  return <PolicyPage {...loaderData} />;
}

export { ContentPageError as ErrorBoundary } from "~/features/content/components/content-page-error";
