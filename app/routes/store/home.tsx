import { ContentPageError } from "~/features/content/components/content-page-error";
import { HomeSections } from "~/features/content/components/home-sections";
import { getPageContent } from "~/features/content/content.server";
import { fillPlaceholders } from "~/features/content/placeholders";
import { DEFAULT_STORE_NAME } from "~/features/settings/store-name";
import type { Route } from "./+types/home";
import { useStoreLayout } from "~/features/storefront/store-layout-data";
import { contentOptions } from "~/features/content/content-options";
import { metaTranslator, storeLayoutData, storeMeta } from "~/features/storefront/store-meta";

export async function loader({ request, context }: Route.LoaderArgs) {
  const home = await getPageContent(context.database.db, "home", contentOptions(request, context));
  return { home };
}

export const meta: Route.MetaFunction = (args) => {
  const storeName = storeLayoutData(args.matches)?.storeName ?? DEFAULT_STORE_NAME;
  const hero = args.loaderData?.home.sections.hero;
  const t = metaTranslator(args);
  return storeMeta(args, {
    title: t("pages.home.metaTitle", { store: storeName }),
    description: hero?.content.description ?? t("pages.home.metaDescription"),
    image: hero?.content.background_image ?? null,
    jsonLd: [{ "@context": "https://schema.org", "@type": "WebSite", name: storeName, url: storeLayoutData(args.matches)?.origin }],
  });
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const layout = useStoreLayout();
  const content = layout ? fillPlaceholders(loaderData.home, layout.placeholders) : loaderData.home;
  return (
    <HomeSections
      content={content}
      storeName={layout?.storeName ?? "UVC Care"}
      instagramUrl={layout?.socialLinks.instagram ?? ""}
    />
  );
}

export function ErrorBoundary() {
  return <ContentPageError />;
}
