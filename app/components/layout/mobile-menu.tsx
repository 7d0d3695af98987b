import { Menu } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { useOpenedOnce } from "~/components/ui/use-opened-once";

const loadSheet = () => import("./mobile-menu-sheet");
const MobileMenuSheet = lazy(() => loadSheet().then((module) => ({ default: module.MobileMenuSheet })));

interface MobileMenuProps {
  storeName: string;
  location: string | null;
  onOpenLocation: () => void;
}

/** Small screens: a menu button that slides the navigation in from the left. */
export function MobileMenu({ storeName, location, onOpenLocation }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const mounted = useOpenedOnce(open);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={loadSheet}
        aria-haspopup="dialog"
        aria-expanded={open}
        className="inline-flex size-11 items-center justify-center rounded-full hover:bg-brand-charcoal/5 md:hidden"
        aria-label="Open menu"
      >
        <Menu className="size-6" aria-hidden="true" />
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <MobileMenuSheet
            open={open}
            onOpenChange={setOpen}
            trigger={trigger}
            storeName={storeName}
            location={location}
            onOpenLocation={onOpenLocation}
          />
        </Suspense>
      )}
    </>
  );
}
