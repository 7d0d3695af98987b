import { Menu } from "lucide-react";
import { lazy } from "react";
import { LazyDialogButton } from "~/components/ui/lazy-dialog-button";

const loadSheet = () => import("./mobile-menu-sheet");
const MobileMenuSheet = lazy(() => loadSheet().then((module) => ({ default: module.MobileMenuSheet })));

interface MobileMenuProps {
  storeName: string;
  location: string | null;
  onOpenLocation: () => void;
}

/** Small screens: a menu button that slides the navigation in from the left. */
export function MobileMenu({ storeName, location, onOpenLocation }: MobileMenuProps) {
  return (
    <LazyDialogButton
      preload={loadSheet}
      dialog={(controls) => (
        <MobileMenuSheet {...controls} storeName={storeName} location={location} onOpenLocation={onOpenLocation} />
      )}
      aria-label="Open menu"
      className="inline-flex size-11 items-center justify-center rounded-full hover:bg-brand-charcoal/5 md:hidden"
    >
      <Menu className="size-6" aria-hidden="true" />
    </LazyDialogButton>
  );
}
