import { Link } from "react-router";
import { listStoreLocations } from "~/features/catalog/listing.server";
import { Breadcrumb } from "~/features/catalog/components/breadcrumb";
import { StoreLocationDetails } from "~/features/catalog/components/store-locations";
import { DEFAULT_STORE_NAME } from "~/features/settings/store-name";
import { useI18n } from "~/lib/i18n/i18n-context";
import type { Route } from "./+types/stores";
import { metaTranslator, storeLayoutData, storeMeta } from "~/features/storefront/store-meta";

export async function loader({ context }: Route.LoaderArgs) {
  return { stores: await listStoreLocations(context.database.db) };
}

export const meta: Route.MetaFunction = (args) => {
  const storeName = storeLayoutData(args.matches)?.storeName ?? DEFAULT_STORE_NAME;
  const t = metaTranslator(args);
  return storeMeta(args, {
    title: t("catalog.stores.page.metaTitle", { store: storeName }),
    description: t("catalog.stores.page.metaDescription", { store: storeName }),
    // Each shop as a schema.org Store: its address, phone and hours (every day).
    jsonLd: (args.loaderData?.stores ?? []).map((store) => ({
      "@context": "https://schema.org",
      "@type": "Store",
      name: store.name,
      address: {
        "@type": "PostalAddress",
        streetAddress: store.address,
        addressLocality: store.city,
        addressCountry: "VN",
      },
      ...(store.phone ? { telephone: store.phone } : {}),
      openingHours: `Mo-Su ${store.opensAt}-${store.closesAt}`,
      ...(store.mapUrl ? { hasMap: store.mapUrl } : {}),
    })),
  });
};

export default function StoresPage({ loaderData }: Route.ComponentProps) {
  const { stores } = loaderData;
  const { t, href } = useI18n();
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-8 px-4 py-8 md:px-6 md:py-12">
      <div className="flex flex-col gap-4">
        <Breadcrumb
          items={[{ label: t("catalog.breadcrumb.home"), to: "/" }, { label: t("catalog.stores.page.breadcrumb") }]}
        />
        <h1 className="text-3xl font-bold tracking-tight md:text-5xl">{t("catalog.stores.page.heading")}</h1>
        <p className="max-w-2xl text-brand-cool-gray">{t("catalog.stores.page.intro")}</p>
      </div>
      {stores.length === 0 ? (
        <div className="rounded-3xl bg-brand-white px-6 py-10 text-center" role="status">
          <p>{t("catalog.stores.page.empty")}</p>
          <Link
            to={href("/shop")}
            className="mt-4 inline-flex min-h-11 items-center font-medium text-brand-teal-strong underline underline-offset-4"
          >
            {t("catalog.stores.page.shopOnline")}
          </Link>
        </div>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {stores.map((store) => (
            <li key={store.id} className="flex flex-col gap-3 rounded-3xl bg-brand-white p-6">
              <div>
                <p className="text-xs font-bold tracking-wide text-brand-teal-strong uppercase">{store.city}</p>
                <h2 className="text-xl font-bold">{store.name}</h2>
              </div>
              <StoreLocationDetails store={store} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
