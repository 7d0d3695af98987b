import { AboutPage } from "~/features/content/components/about-page";
import { getPageContent } from "~/features/content/content.server";
import { fillPlaceholders } from "~/features/content/placeholders";
import { DEFAULT_STORE_NAME } from "~/features/settings/store-name";
import { localeOfPath, localizedPath } from "~/lib/i18n/locale";
import type { Route } from "./+types/about";
import { useStoreLayout } from "~/features/storefront/store-layout-data";
import { contentOptions } from "~/features/content/content-options";
import { metaTranslator, storeLayoutData, storeMeta } from "~/features/storefront/store-meta";

export async function loader({ request, context }: Route.LoaderArgs) {
  const about = await getPageContent(context.database.db, "about", contentOptions(request, context));
  return { about };
}

export const meta: Route.MetaFunction = (args) => {
  const storeName = storeLayoutData(args.matches)?.storeName ?? DEFAULT_STORE_NAME;
  const intro = args.loaderData?.about.sections.intro.content;
  const t = metaTranslator(args);
  return storeMeta(args, {
    title: t("pages.about.metaTitle", { store: storeName }),
    description: intro?.description ?? t("pages.about.metaDescription"),
    image: "/images/home/lifestyle-bathroom.svg",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "AboutPage",
        name: intro?.title ?? t("pages.about.pageName", { store: storeName }),
        url: `${storeLayoutData(args.matches)?.origin ?? ""}${localizedPath("/about", localeOfPath(args.location.pathname))}`,
      },
    ],
  });
};

export default function About({ loaderData }: Route.ComponentProps) {
  const layout = useStoreLayout();
  const content = layout ? fillPlaceholders(loaderData.about, layout.placeholders) : loaderData.about;
  return <AboutPage content={content} />;
}

export { ContentPageError as ErrorBoundary } from "~/features/content/components/content-page-error";
