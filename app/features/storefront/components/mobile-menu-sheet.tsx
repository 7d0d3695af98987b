import { MapPin } from "lucide-react";
import type { RefObject } from "react";
import { NavLink } from "react-router";
import { cn } from "~/components/ui/cn";
import { Sheet, SheetContent, SheetHeader, SheetTitle } from "~/components/ui/sheet";
import { useI18n } from "~/lib/i18n/i18n-context";
import { navItems } from "../nav-items";
import { LanguageSwitch } from "./language-switch";

interface MobileMenuSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button, focused again when the menu closes. */
  trigger: RefObject<HTMLButtonElement | null>;
  storeName: string;
  location: string | null;
  onOpenLocation: () => void;
}

/** The navigation sliding in from the left (loaded when the menu button is first pressed). */
export function MobileMenuSheet({ open, onOpenChange, trigger, storeName, location, onOpenLocation }: MobileMenuSheetProps) {
  const { t, href } = useI18n();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
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
          <ul className="flex flex-col">
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={href(item.to)}
                  end={item.to === "/"}
                  onClick={() => onOpenChange(false)}
                  className={({ isActive }) =>
                    cn(
                      "flex min-h-12 items-center rounded-lg px-4 text-base font-bold tracking-widest hover:bg-brand-white",
                      isActive && "bg-brand-white text-brand-teal-strong",
                    )
                  }
                >
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-col gap-2 border-t border-brand-charcoal/10 p-5">
          <LanguageSwitch onSwitch={() => onOpenChange(false)} className="px-0 text-sm" />
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
              {t("chrome.deliverTo")} <strong>{location ?? t("chrome.chooseLocation")}</strong>
            </span>
          </button>
        </div>
      </SheetContent>
    </Sheet>
  );
}
