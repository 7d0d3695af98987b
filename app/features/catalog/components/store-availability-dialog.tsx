import type { RefObject } from "react";
import { Link } from "react-router";
import { cn } from "~/components/ui/cn";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { useI18n } from "~/lib/i18n/i18n-context";
import type { StoreAvailability as StoreRow } from "../catalog-types";
import { StoreLocationDetails } from "./store-locations";

interface StoreAvailabilityDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The "Check availability in store" button, focused again when the dialog closes. */
  trigger: RefObject<HTMLButtonElement | null>;
  productName: string;
  stores: StoreRow[];
}

/** The shops and how many units each holds (loaded when the button is first pressed). */
export function StoreAvailabilityDialog({
  open,
  onOpenChange,
  trigger,
  productName,
  stores,
}: StoreAvailabilityDialogProps) {
  const { t, href } = useI18n();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t("catalog.stores.close")}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      >
        <DialogTitle>{t("catalog.stores.title")}</DialogTitle>
        <DialogDescription className="mt-1">{productName}</DialogDescription>
        <ul className="mt-5 flex flex-col divide-y divide-brand-charcoal/10">
          {stores.map((store) => (
            <li key={store.storeId} className="flex items-start justify-between gap-4 py-4">
              <div>
                <p className="font-bold">{store.city}</p>
                <p className="mb-1 text-sm font-medium">{store.name}</p>
                <StoreLocationDetails store={{ ...store, id: store.storeId }} />
              </div>
              <p
                className={cn(
                  "shrink-0 rounded-full px-3 py-1 text-xs font-bold",
                  store.quantity > 0
                    ? "bg-brand-mint-green/60 text-brand-charcoal"
                    : "bg-brand-charcoal/10 text-brand-charcoal",
                )}
              >
                {store.quantity > 0
                  ? t("catalog.stores.quantity", { count: store.quantity })
                  : t("catalog.stores.none")}
              </p>
            </li>
          ))}
        </ul>
        <Link
          to={href("/stores")}
          className="mt-2 inline-flex min-h-11 items-center font-medium text-brand-teal-strong underline underline-offset-4"
        >
          {t("catalog.stores.all")}
        </Link>
      </DialogContent>
    </Dialog>
  );
}
