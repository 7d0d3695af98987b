import { Store } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { useOpenedOnce } from "~/components/ui/use-opened-once";
import type { StoreAvailability as StoreRow } from "../catalog.server";

const loadDialog = () => import("./store-availability-dialog");
const StoreAvailabilityDialog = lazy(() =>
  loadDialog().then((module) => ({ default: module.StoreAvailabilityDialog })),
);

/** "Check availability in store": opens the list of shops (its dialog code loads on first use). */
export function StoreAvailability({ productName, stores }: { productName: string; stores: StoreRow[] }) {
  const [open, setOpen] = useState(false);
  const mounted = useOpenedOnce(open);
  const trigger = useRef<HTMLButtonElement>(null);
  if (stores.length === 0) return null;
  return (
    <>
      <button
        ref={trigger}
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={loadDialog}
        aria-haspopup="dialog"
        aria-expanded={open}
        className="inline-flex min-h-11 items-center gap-2 rounded-full text-sm font-medium text-brand-teal-strong underline-offset-4 hover:underline"
      >
        <Store className="size-4" aria-hidden="true" />
        Check availability in store
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <StoreAvailabilityDialog
            open={open}
            onOpenChange={setOpen}
            trigger={trigger}
            productName={productName}
            stores={stores}
          />
        </Suspense>
      )}
    </>
  );
}
