import { Check, Globe, MapPin } from "lucide-react";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "~/components/ui/sheet";
import { cn } from "~/components/ui/cn";
import { internationalLocations, saveDeliveryLocation, vietnamLocations } from "../delivery-locations";

interface LocationDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selected: string | null;
}

/** Where should we deliver? Choosing a place remembers it and closes the drawer. */
export function LocationDrawer({ open, onOpenChange, selected }: LocationDrawerProps) {
  const choose = (location: string) => {
    saveDeliveryLocation(location);
    onOpenChange(false);
  };
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" closeLabel="Close delivery location">
        <SheetHeader>
          <SheetTitle>Delivery location</SheetTitle>
          <SheetDescription>Choose where your order is going.</SheetDescription>
        </SheetHeader>
        <div className="flex flex-col gap-6 p-5">
          <LocationGroup
            title="Vietnam"
            icon={<MapPin className="size-4" aria-hidden="true" />}
            locations={vietnamLocations}
            selected={selected}
            onChoose={choose}
          />
          <LocationGroup
            title="International"
            icon={<Globe className="size-4" aria-hidden="true" />}
            note="Online checkout delivers within Vietnam. For international orders, email us and we will arrange shipping."
            locations={internationalLocations}
            selected={selected}
            onChoose={choose}
          />
        </div>
      </SheetContent>
    </Sheet>
  );
}

function LocationGroup({
  title,
  icon,
  note,
  locations,
  selected,
  onChoose,
}: {
  title: string;
  icon: React.ReactNode;
  note?: string;
  locations: readonly string[];
  selected: string | null;
  onChoose: (location: string) => void;
}) {
  const headingId = `location-group-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={headingId}>
      <h3
        id={headingId}
        className="mb-2 flex items-center gap-2 text-xs font-bold tracking-widest text-brand-cool-gray uppercase"
      >
        {icon}
        {title}
      </h3>
      {note && <p className="mb-3 text-sm text-brand-cool-gray">{note}</p>}
      <ul className="grid grid-cols-1 gap-1">
        {locations.map((location) => {
          const active = location === selected;
          return (
            <li key={location}>
              <button
                type="button"
                aria-pressed={active}
                onClick={() => onChoose(location)}
                className={cn(
                  "flex min-h-11 w-full items-center justify-between rounded-lg px-3 text-left text-base hover:bg-brand-white",
                  active && "bg-brand-white font-bold text-brand-teal-strong",
                )}
              >
                {location}
                {active && <Check className="size-4" aria-hidden="true" />}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
