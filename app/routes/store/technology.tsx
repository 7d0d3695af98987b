import { TechnologyPage } from "~/features/content/components/technology-page";
import { getPageContent } from "~/features/content/content.server";
import { fillPlaceholders } from "~/features/content/placeholders";
import { getSterilizerStartingPrice } from "~/features/content/technology.server";
import { DEFAULT_STORE_NAME } from "~/features/settings/store-name";
import { localeOfPath, localizedPath } from "~/lib/i18n/locale";
import type { Route } from "./+types/technology";
import { useStoreLayout } from "~/features/storefront/store-layout-data";
import { contentOptions } from "~/features/content/content-options";
import { metaTranslator, storeLayoutData, storeMeta } from "~/features/storefront/store-meta";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.database;
  const [technology, startingPrice] = await Promise.all([
    getPageContent(db, "technology", contentOptions(request, context)),
    getSterilizerStartingPrice(db),
  ]);
  return { technology, startingPrice };
}

export const meta: Route.MetaFunction = (args) => {
  const layout = storeLayoutData(args.matches);
  const storeName = layout?.storeName ?? DEFAULT_STORE_NAME;
  const hero = args.loaderData?.technology.sections.hero.content;
  const t = metaTranslator(args);
  return storeMeta(args, {
    title: t("pages.technology.metaTitle", { store: storeName }),
    description: hero?.description ?? t("pages.technology.metaDescription"),
    image: "/images/products/uvc-sterilizer-white-in-use.svg",
    type: "article",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "WebPage",
        name: hero ? `${hero.heading} ${hero.heading_highlight}` : t("pages.technology.pageName"),
        url: `${layout?.origin ?? ""}${localizedPath("/technology", localeOfPath(args.location.pathname))}`,
      },
    ],
  });
};

export default function Technology({ loaderData }: Route.ComponentProps) {
  const layout = useStoreLayout();
  const content = layout ? fillPlaceholders(loaderData.technology, layout.placeholders) : loaderData.technology;
  return <TechnologyPage content={content} startingPrice={loaderData.startingPrice} />;
}

export { ContentPageError as ErrorBoundary } from "~/features/content/components/content-page-error";
