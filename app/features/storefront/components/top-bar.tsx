import { ChevronDown, MapPin, PackageSearch } from "~/components/ui/icons";
import { Link } from "react-router";
import { cn } from "~/components/ui/cn";
import { readableTextOn } from "~/components/ui/readable-text";
import { locationName } from "~/features/address/delivery-locations";
import { useI18n } from "~/lib/i18n/i18n-context";

interface TopBarProps {
  /** The announcement, placeholders already filled in. */
  text: string;
  /** A hex colour; the text is white or charcoal, whichever reads better on it. */
  backgroundColor: string;
  location: string | null;
  onOpenLocation: () => void;
}

/** The notification bar above the header, with the delivery-location trigger. */
export function TopBar({ text, backgroundColor, location, onOpenLocation }: TopBarProps) {
  const { t, href } = useI18n();
  const foreground = readableTextOn(backgroundColor);
  return (
    <aside
      aria-label={t("chrome.announcement")}
      style={{ backgroundColor, color: foreground }}
      className={cn("text-xs sm:text-sm", foreground === "#ffffff" && "on-dark")}
    >
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-1 px-4 py-2 sm:flex-row sm:justify-between sm:gap-4">
        <p className="text-center sm:text-left">{text}</p>
        <div className="flex shrink-0 items-center gap-2">
          {/* Phones reach it from the header's icon and the menu: the bar stays two lines there. */}
          <Link
            to={href("/order-lookup")}
            className="hidden min-h-8 items-center gap-1.5 rounded-full px-2 font-medium underline-offset-4 hover:underline sm:inline-flex"
          >
            <PackageSearch className="size-3.5" aria-hidden="true" />
            {t("chrome.trackOrder")}
          </Link>
          <button
            type="button"
            onClick={onOpenLocation}
            className="inline-flex min-h-8 shrink-0 items-center gap-1.5 rounded-full px-2 font-medium underline-offset-4 hover:underline"
            aria-haspopup="dialog"
          >
            <MapPin className="size-3.5" aria-hidden="true" />
            <span>
              {t("chrome.deliverTo")} <strong className="font-bold">{location === null ? t("chrome.chooseLocation") : locationName(location, t)}</strong>
            </span>
            <ChevronDown className="size-3.5" aria-hidden="true" />
          </button>
        </div>
      </div>
    </aside>
  );
}
