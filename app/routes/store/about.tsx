import { useRouteLoaderData } from "react-router";
import { AboutPage } from "~/features/content/components/about-page";
import { getPageContent } from "~/features/content/content.server";
import { fillPlaceholders } from "~/features/content/placeholders";
import { DEFAULT_STORE_NAME } from "~/features/settings/store-name";
import type { Route } from "./+types/about";
import type { loader as layoutLoader } from "./layout";
import { contentOptions, storeLayoutData, storeMeta } from "./store-meta";

export async function loader({ request, context }: Route.LoaderArgs) {
  const about = await getPageContent(context.database.db, "about", contentOptions(request, context));
  return { about };
}

export const meta: Route.MetaFunction = (args) => {
  const storeName = storeLayoutData(args.matches)?.storeName ?? DEFAULT_STORE_NAME;
  const intro = args.loaderData?.about.sections.intro.content;
  return storeMeta(args, {
    title: `About us | ${storeName}`,
    description:
      intro?.description ??
      "Portable UVC toothbrush sterilizers for Vietnamese families and travellers: our mission and our technology.",
    image: "/images/home/lifestyle-bathroom.svg",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "AboutPage",
        name: intro?.title ?? `About ${storeName}`,
        url: `${storeLayoutData(args.matches)?.origin ?? ""}/about`,
      },
    ],
  });
};

export default function About({ loaderData }: Route.ComponentProps) {
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/store/layout");
  const content = layout ? fillPlaceholders(loaderData.about, layout.placeholders) : loaderData.about;
  return <AboutPage content={content} />;
}

export { ContentPageError as ErrorBoundary } from "~/features/content/components/content-page-error";
