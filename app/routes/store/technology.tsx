import { useRouteLoaderData } from "react-router";
import { TechnologyPage } from "~/features/content/components/technology-page";
import { getPageContent } from "~/features/content/content.server";
import { fillPlaceholders } from "~/features/content/placeholders";
import { getSterilizerStartingPrice } from "~/features/content/technology.server";
import { DEFAULT_STORE_NAME } from "~/features/settings/store-name";
import type { Route } from "./+types/technology";
import type { loader as layoutLoader } from "./layout";
import { contentOptions, storeLayoutData, storeMeta } from "./store-meta";

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
  return storeMeta(args, {
    title: `UVC-C technology: how it works | ${storeName}`,
    description:
      hero?.description ??
      "How UVC-C light at 270–280nm eliminates 99.9% of bacteria on a toothbrush in 3 minutes: benefits, specifications, warranty and user manual.",
    image: "/images/products/uvc-sterilizer-white-in-use.svg",
    type: "article",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "WebPage",
        name: hero ? `${hero.heading} ${hero.heading_highlight}` : "UVC-C technology",
        url: `${layout?.origin ?? ""}/technology`,
      },
    ],
  });
};

export default function Technology({ loaderData }: Route.ComponentProps) {
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/store/layout");
  const content = layout ? fillPlaceholders(loaderData.technology, layout.placeholders) : loaderData.technology;
  return <TechnologyPage content={content} startingPrice={loaderData.startingPrice} />;
}

export { ContentPageError as ErrorBoundary } from "~/features/content/components/content-page-error";
