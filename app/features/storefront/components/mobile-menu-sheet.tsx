import { MapPin } from "lucide-react";
import type { RefObject } from "react";
import { NavLink } from "react-router";
import { cn } from "~/components/ui/cn";
import { Sheet, SheetContent, SheetHeader, SheetTitle } from "~/components/ui/sheet";
import { navItems } from "../nav-items";

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
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        closeLabel="Close menu"
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      >
        <SheetHeader>
          <SheetTitle>{storeName}</SheetTitle>
        </SheetHeader>
        <nav aria-label="Mobile" className="flex-1 p-3">
          <ul className="flex flex-col">
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === "/"}
                  onClick={() => onOpenChange(false)}
                  className={({ isActive }) =>
                    cn(
                      "flex min-h-12 items-center rounded-lg px-4 text-base font-bold tracking-widest hover:bg-brand-white",
                      isActive && "bg-brand-white text-brand-teal-strong",
                    )
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-t border-brand-charcoal/10 p-5">
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
              Deliver to: <strong>{location ?? "Choose location"}</strong>
            </span>
          </button>
        </div>
      </SheetContent>
    </Sheet>
  );
}
