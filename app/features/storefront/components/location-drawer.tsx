import { Check, Globe, MapPin } from "~/components/ui/icons";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "~/components/ui/sheet";
import { cn } from "~/components/ui/cn";
import { useI18n } from "~/lib/i18n/i18n-context";
import { internationalLocations, locationName, saveDeliveryLocation, vietnamLocations } from "~/features/address/delivery-locations";

interface LocationDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selected: string | null;
}

/** Where should we deliver? Choosing a place remembers it and closes the drawer. */
export function LocationDrawer({ open, onOpenChange, selected }: LocationDrawerProps) {
  const { t } = useI18n();
  const choose = (location: string) => {
    saveDeliveryLocation(location);
    onOpenChange(false);
  };
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" closeLabel={t("pages.location.close")}>
        <SheetHeader>
          <SheetTitle>{t("pages.location.title")}</SheetTitle>
          <SheetDescription>{t("pages.location.description")}</SheetDescription>
        </SheetHeader>
        <div className="flex flex-col gap-6 p-5">
          <LocationGroup
            id="vietnam"
            title={t("pages.location.vietnam")}
            icon={<MapPin className="size-4" aria-hidden="true" />}
            locations={vietnamLocations}
            selected={selected}
            onChoose={choose}
          />
          <LocationGroup
            id="international"
            title={t("pages.location.international")}
            icon={<Globe className="size-4" aria-hidden="true" />}
            note={t("pages.location.internationalNote")}
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
  id,
  title,
  icon,
  note,
  locations,
  selected,
  onChoose,
}: {
  /** Names the group's heading element (the title is in the page's language). */
  id: string;
  title: string;
  icon: React.ReactNode;
  note?: string;
  locations: readonly string[];
  selected: string | null;
  onChoose: (location: string) => void;
}) {
  const { t } = useI18n();
  const headingId = `location-group-${id}`;
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
                {locationName(location, t)}
                {active && <Check className="size-4" aria-hidden="true" />}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
