import { Menu } from "~/components/ui/icons";
import { lazy, Suspense, useRef, useState } from "react";
import { useOpenedOnce } from "~/components/ui/use-opened-once";
import { useI18n } from "~/lib/i18n/i18n-context";
import { MobileNavList } from "./mobile-nav-list";

const loadSheet = () => import("./mobile-menu-sheet");
const MobileMenuSheet = lazy(() => loadSheet().then((module) => ({ default: module.MobileMenuSheet })));

interface MobileMenuProps {
  storeName: string;
  location: string | null;
  onOpenLocation: () => void;
}

/**
 * Small screens: a menu button that slides the navigation in from the left. It is a native
 * <details>: before and without JavaScript it opens a panel of links under the header; once the
 * page is interactive a press opens the sheet instead (its code loads on hover or first press).
 */
export function MobileMenu({ storeName, location, onOpenLocation }: MobileMenuProps) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const mounted = useOpenedOnce(open);
  const trigger = useRef<HTMLElement>(null);
  return (
    <>
      <details className="md:hidden">
        <summary
          ref={trigger}
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
          onPointerEnter={() => void loadSheet()}
          className="inline-flex size-11 cursor-pointer list-none items-center justify-center rounded-full hover:bg-brand-charcoal/5 [&::-webkit-details-marker]:hidden"
        >
          <Menu className="size-6" aria-hidden="true" />
          <span className="sr-only">{t("chrome.openMenu")}</span>
        </summary>
        <nav
          aria-label={t("chrome.mobileNav")}
          className="absolute inset-x-0 top-full z-50 border-b border-brand-charcoal/10 bg-white p-3 shadow-lg"
        >
          <MobileNavList />
        </nav>
      </details>
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
