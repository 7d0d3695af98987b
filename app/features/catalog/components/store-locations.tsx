import { Clock, ExternalLink, MapPin, Phone } from "~/components/ui/icons";
import { useI18n } from "~/lib/i18n/i18n-context";
import type { StoreLocationInfo } from "../catalog-types";

/** A shop's hours, phone and map link: on /stores and in the product page's availability dialog. */
export function StoreLocationDetails({ store }: { store: StoreLocationInfo }) {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-1 text-sm text-brand-cool-gray">
      <p className="flex items-start gap-2">
        <MapPin className="mt-0.5 size-4 shrink-0 text-brand-teal-strong" aria-hidden="true" />
        {store.address}
      </p>
      <p className="flex items-center gap-2">
        <Clock className="size-4 shrink-0 text-brand-teal-strong" aria-hidden="true" />
        {t("catalog.stores.hours", { opens: store.opensAt, closes: store.closesAt })}
      </p>
      {store.phone && (
        <p className="flex items-center gap-2">
          <Phone className="size-4 shrink-0 text-brand-teal-strong" aria-hidden="true" />
          <a
            href={`tel:${store.phone.replace(/[\s.]+/g, "")}`}
            aria-label={t("catalog.stores.call", { store: store.name, phone: store.phone })}
            className="text-brand-teal-strong hover:underline"
          >
            {store.phone}
          </a>
        </p>
      )}
      {store.mapUrl && (
        <p>
          <a
            href={store.mapUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t("catalog.stores.mapLabel", { store: store.name })}
            className="inline-flex min-h-11 items-center gap-2 font-medium text-brand-teal-strong hover:underline"
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            {t("catalog.stores.map")}
          </a>
        </p>
      )}
    </div>
  );
}
