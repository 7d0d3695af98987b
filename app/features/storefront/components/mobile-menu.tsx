import { Menu } from "lucide-react";
import { lazy } from "react";
import { LazyDialogButton } from "~/components/ui/lazy-dialog-button";
import { useI18n } from "~/lib/i18n/i18n-context";

const loadSheet = () => import("./mobile-menu-sheet");
const MobileMenuSheet = lazy(() => loadSheet().then((module) => ({ default: module.MobileMenuSheet })));

interface MobileMenuProps {
  storeName: string;
  location: string | null;
  onOpenLocation: () => void;
}

/** Small screens: a menu button that slides the navigation in from the left. */
export function MobileMenu({ storeName, location, onOpenLocation }: MobileMenuProps) {
  const { t } = useI18n();
  return (
    <LazyDialogButton
      preload={loadSheet}
      dialog={(controls) => (
        <MobileMenuSheet {...controls} storeName={storeName} location={location} onOpenLocation={onOpenLocation} />
      )}
      aria-label={t("chrome.openMenu")}
      className="inline-flex size-11 items-center justify-center rounded-full hover:bg-brand-charcoal/5 md:hidden"
    >
      <Menu className="size-6" aria-hidden="true" />
    </LazyDialogButton>
  );
}
