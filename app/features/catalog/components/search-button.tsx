import { Search } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { useOpenedOnce } from "~/components/ui/use-opened-once";

const loadDialog = () => import("./search-dialog");
const SearchDialog = lazy(() => loadDialog().then((module) => ({ default: module.SearchDialog })));

/** The header's search icon: opens the search dialog, whose code loads on first use (or on hover). */
export function SearchButton() {
  const [open, setOpen] = useState(false);
  const mounted = useOpenedOnce(open);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={loadDialog}
        aria-label="Search products"
        aria-haspopup="dialog"
        aria-expanded={open}
        className="inline-flex size-11 items-center justify-center rounded-full hover:bg-brand-charcoal/5"
      >
        <Search className="size-5" aria-hidden="true" />
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <SearchDialog open={open} onOpenChange={setOpen} trigger={trigger} />
        </Suspense>
      )}
    </>
  );
}
