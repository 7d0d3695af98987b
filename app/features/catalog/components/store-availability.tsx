import { MapPin, Store } from "lucide-react";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { cn } from "~/components/ui/cn";
import type { StoreAvailability as StoreRow } from "../catalog.server";

/** "Check availability in store": the shops and how many units each holds. */
export function StoreAvailability({ productName, stores }: { productName: string; stores: StoreRow[] }) {
  if (stores.length === 0) return null;
  return (
    <Dialog>
      <DialogTrigger className="inline-flex min-h-11 items-center gap-2 rounded-full text-sm font-medium text-brand-teal-strong underline-offset-4 hover:underline">
        <Store className="size-4" aria-hidden="true" />
        Check availability in store
      </DialogTrigger>
      <DialogContent closeLabel="Close store availability">
        <DialogTitle>Store availability</DialogTitle>
        <DialogDescription className="mt-1">{productName}</DialogDescription>
        <ul className="mt-5 flex flex-col divide-y divide-brand-charcoal/10">
          {stores.map((store) => (
            <li key={store.storeId} className="flex items-start justify-between gap-4 py-4">
              <div className="flex gap-3">
                <MapPin className="mt-0.5 size-5 shrink-0 text-brand-teal-strong" aria-hidden="true" />
                <div>
                  <p className="font-bold">{store.city}</p>
                  <p className="text-sm text-brand-cool-gray">{store.name}</p>
                  <p className="text-sm text-brand-cool-gray">{store.address}</p>
                  {store.phone && (
                    <a href={`tel:${store.phone.replace(/\s+/g, "")}`} className="text-sm text-brand-teal-strong hover:underline">
                      {store.phone}
                    </a>
                  )}
                </div>
              </div>
              <p
                className={cn(
                  "shrink-0 rounded-full px-3 py-1 text-xs font-bold",
                  store.quantity > 0 ? "bg-brand-mint-green/60 text-brand-charcoal" : "bg-brand-charcoal/10 text-brand-charcoal",
                )}
              >
                {store.quantity > 0 ? `Còn ${store.quantity} sản phẩm` : "Hết hàng"}
              </p>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
