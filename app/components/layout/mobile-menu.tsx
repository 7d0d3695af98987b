import { MapPin, Menu } from "lucide-react";
import { useState } from "react";
import { NavLink } from "react-router";
import { cn } from "~/components/ui/cn";
import { Sheet, SheetContent, SheetHeader, SheetTitle, SheetTrigger } from "~/components/ui/sheet";
import { navItems } from "./nav-items";

interface MobileMenuProps {
  storeName: string;
  location: string | null;
  onOpenLocation: () => void;
}

/** Small screens: a menu button that slides the navigation in from the left. */
export function MobileMenu({ storeName, location, onOpenLocation }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger
        className="inline-flex size-11 items-center justify-center rounded-full hover:bg-brand-charcoal/5 md:hidden"
        aria-label="Open menu"
      >
        <Menu className="size-6" aria-hidden="true" />
      </SheetTrigger>
      <SheetContent side="left" closeLabel="Close menu" aria-describedby={undefined}>
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
                  onClick={() => setOpen(false)}
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
              setOpen(false);
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
