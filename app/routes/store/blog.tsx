import { useRouteLoaderData } from "react-router";
import { BlogPage } from "~/features/content/components/blog-page";
import { getPageContent } from "~/features/content/content.server";
import { fillPlaceholders } from "~/features/content/placeholders";
import { DEFAULT_STORE_NAME } from "~/features/settings/store-name";
import { localeOfPath, localizedPath } from "~/lib/i18n/locale";
import type { Route } from "./+types/blog";
import type { loader as layoutLoader } from "./layout";
import { contentOptions, metaTranslator, storeLayoutData, storeMeta } from "./store-meta";

export async function loader({ request, context }: Route.LoaderArgs) {
  const blog = await getPageContent(context.database.db, "blog", contentOptions(request, context));
  return { blog };
}

export const meta: Route.MetaFunction = (args) => {
  const layout = storeLayoutData(args.matches);
  const storeName = layout?.storeName ?? DEFAULT_STORE_NAME;
  const header = args.loaderData?.blog.sections.header.content;
  const t = metaTranslator(args);
  return storeMeta(args, {
    title: `${header?.heading ?? t("pages.blog.metaTitle")} | ${storeName}`,
    description: header?.description ?? t("pages.blog.metaDescription"),
    image: args.loaderData?.blog.sections.articles.content.articles[0]?.image ?? null,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Blog",
        name: header?.heading ?? t("pages.blog.pageName", { store: storeName }),
        url: `${layout?.origin ?? ""}${localizedPath("/blog", localeOfPath(args.location.pathname))}`,
      },
    ],
  });
};

export default function Blog({ loaderData }: Route.ComponentProps) {
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/store/layout");
  const content = layout ? fillPlaceholders(loaderData.blog, layout.placeholders) : loaderData.blog;
  return <BlogPage content={content} />;
}

export { ContentPageError as ErrorBoundary } from "~/features/content/components/content-page-error";
