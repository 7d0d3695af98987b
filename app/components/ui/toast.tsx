import { lazy, Suspense, useEffect, useState, type ComponentProps } from "react";
import type { ExternalToast, Toaster as SonnerToaster } from "sonner";

/*
 * Toasts (sonner) loaded on the first toast, not with every page: sonner is ~10 KB gzip that a
 * storefront visit mostly never uses (docs/decisions/0027-storefront-javascript-budget.md).
 * sonner drops a toast published before its <Toaster> has subscribed, so `toast.*` waits until
 * the lazily mounted Toaster has run its effects, then hands the toast over.
 */

type ToastKind = "success" | "error" | "warning";

let toasterWanted = false;
const wantListeners = new Set<() => void>();
let markToasterReady: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => {
  markToasterReady = resolve;
});

function show(kind: ToastKind, message: string, data?: ExternalToast): void {
  if (!toasterWanted) {
    toasterWanted = true;
    for (const listener of wantListeners) listener();
  }
  void toasterReady.then(() => import("sonner")).then(({ toast: sonnerToast }) => sonnerToast[kind](message, data));
}

/** sonner's `toast.success/error/warning`, with the same arguments. */
export const toast = {
  success: (message: string, data?: ExternalToast) => show("success", message, data),
  error: (message: string, data?: ExternalToast) => show("error", message, data),
  warning: (message: string, data?: ExternalToast) => show("warning", message, data),
};

/** Resolves `toasterReady` once sonner's Toaster (its earlier sibling) has subscribed in its effect. */
function ToasterMounted() {
  useEffect(() => markToasterReady(), []);
  return null;
}

const LoadedToaster = lazy(() =>
  import("sonner").then(({ Toaster: Loaded }) => ({
    default: (props: ComponentProps<typeof SonnerToaster>) => (
      <>
        <Loaded {...props} />
        <ToasterMounted />
      </>
    ),
  })),
);

/** sonner's <Toaster>, mounted (and its code fetched) when the page shows its first toast. */
export function Toaster(props: ComponentProps<typeof SonnerToaster>) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const want = () => setWanted(true);
    if (toasterWanted) want();
    wantListeners.add(want);
    return () => {
      wantListeners.delete(want);
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LoadedToaster {...props} />
    </Suspense>
  );
}
