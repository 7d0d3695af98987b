import { Store } from "~/components/ui/icons";
import { lazy } from "react";
import { LazyDialogButton } from "~/components/ui/lazy-dialog-button";
import { useI18n } from "~/lib/i18n/i18n-context";
import type { StoreAvailability as StoreRow } from "../catalog-types";

const loadDialog = () => import("./store-availability-dialog");
const StoreAvailabilityDialog = lazy(() =>
  loadDialog().then((module) => ({ default: module.StoreAvailabilityDialog })),
);

/** "Check availability in store": opens the list of shops (its dialog code loads on first use). */
export function StoreAvailability({ productName, stores }: { productName: string; stores: StoreRow[] }) {
  const { t } = useI18n();
  if (stores.length === 0) return null;
  return (
    <LazyDialogButton
      preload={loadDialog}
      dialog={(controls) => <StoreAvailabilityDialog {...controls} productName={productName} stores={stores} />}
      className="inline-flex min-h-11 items-center gap-2 rounded-full text-sm font-medium text-brand-teal-strong underline-offset-4 hover:underline"
    >
      <Store className="size-4" aria-hidden="true" />
      {t("catalog.stores.check")}
    </LazyDialogButton>
  );
}
