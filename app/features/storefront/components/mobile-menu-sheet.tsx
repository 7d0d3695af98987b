import { MapPin, PackageSearch } from "~/components/ui/icons";
import { Link } from "react-router";
import type { RefObject } from "react";
import { Sheet, SheetContent, SheetHeader, SheetTitle } from "~/components/ui/sheet";
import { locationName } from "~/features/address/delivery-locations";
import { useI18n } from "~/lib/i18n/i18n-context";
import { LanguageSwitch } from "./language-switch";
import { MobileNavList } from "./mobile-nav-list";

interface MobileMenuSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button, focused again when the menu closes. */
  trigger: RefObject<HTMLElement | null>;
  storeName: string;
  location: string | null;
  onOpenLocation: () => void;
}

/** The navigation sliding in from the left (loaded when the menu button is first pressed). */
export function MobileMenuSheet({
  open,
  onOpenChange,
  trigger,
  storeName,
  location,
  onOpenLocation,
}: MobileMenuSheetProps) {
  const { t, href } = useI18n();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        width="max-w-sm"
        closeLabel={t("chrome.closeMenu")}
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      >
        <SheetHeader>
          <SheetTitle>{storeName}</SheetTitle>
        </SheetHeader>
        <nav aria-label={t("chrome.mobileNav")} className="flex-1 p-3">
          <MobileNavList onNavigate={() => onOpenChange(false)} />
        </nav>
        <div className="flex flex-col gap-2 border-t border-brand-charcoal/10 p-5">
          <LanguageSwitch onSwitch={() => onOpenChange(false)} inMenu />
          <Link
            to={href("/order-lookup")}
            onClick={() => onOpenChange(false)}
            className="flex min-h-11 w-full items-center gap-2 rounded-lg text-sm hover:text-brand-teal-strong"
          >
            <PackageSearch className="size-4" aria-hidden="true" />
            {t("chrome.trackOrder")}
          </Link>
          <button
            type="button"
            onClick={() => {
              onOpenChange(false);
              onOpenLocation();
            }}
            className="flex min-h-11 w-full items-center gap-2 rounded-lg text-left text-sm hover:text-brand-teal-strong"
          >
            <MapPin className="size-4" aria-hidden="true" />
            <span>
              {t("chrome.deliverTo")} <strong>{location === null ? t("chrome.chooseLocation") : locationName(location, t)}</strong>
            </span>
          </button>
        </div>
      </SheetContent>
    </Sheet>
  );
}
