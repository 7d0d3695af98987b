import type { StoreMessageKey } from "~/lib/i18n/i18n-context";
import { useLocalStorageValue, writeLocalStorage } from "~/lib/use-local-storage-value";

export const LOCATION_STORAGE_KEY = "uvc-shop-location-v1";

export const vietnamLocations = [
  "Hồ Chí Minh",
  "Hà Nội",
  "Bình Dương",
  "Hội An",
  "Huế",
  "Nha Trang",
  "Đà Nẵng",
] as const;

/**
 * The province (current structure, since 1 July 2025) each Vietnam place lies in, by official
 * code and name: checkout pre-selects it when the shopper chose the place under "Deliver to".
 * Bình Dương is part of Thành phố Hồ Chí Minh now, Hội An of Thành phố Đà Nẵng, Nha Trang of
 * Khánh Hòa (delivery-locations.test.ts checks them against the official list).
 */
export const provinceOfVietnamLocation: Record<(typeof vietnamLocations)[number], { code: string; name: string }> = {
  "Hồ Chí Minh": { code: "79", name: "Thành phố Hồ Chí Minh" },
  "Hà Nội": { code: "01", name: "Thành phố Hà Nội" },
  "Bình Dương": { code: "79", name: "Thành phố Hồ Chí Minh" },
  "Hội An": { code: "48", name: "Thành phố Đà Nẵng" },
  Huế: { code: "46", name: "Thành phố Huế" },
  "Nha Trang": { code: "56", name: "Khánh Hòa" },
  "Đà Nẵng": { code: "48", name: "Thành phố Đà Nẵng" },
};

/** The province of a chosen place, or null (nothing chosen, or a place abroad). */
export function provinceOfLocation(location: string | null): { code: string; name: string } | null {
  return location !== null && Object.hasOwn(provinceOfVietnamLocation, location)
    ? provinceOfVietnamLocation[location as keyof typeof provinceOfVietnamLocation]
    : null;
}

export const internationalLocations = [
  "United States",
  "Singapore",
  "France",
  "Japan",
  "South Korea",
  "Thailand",
  "Malaysia",
  "Australia",
  "United Kingdom",
  "Germany",
] as const;

/**
 * The catalogue's name of each place abroad in the page's language ("Hoa Kỳ" / "United States"),
 * keyed by its ISO 3166 code; the English names above stay what is remembered.
 */
const countryNameKeys = {
  "United States": "pages.location.countries.US",
  Singapore: "pages.location.countries.SG",
  France: "pages.location.countries.FR",
  Japan: "pages.location.countries.JP",
  "South Korea": "pages.location.countries.KR",
  Thailand: "pages.location.countries.TH",
  Malaysia: "pages.location.countries.MY",
  Australia: "pages.location.countries.AU",
  "United Kingdom": "pages.location.countries.GB",
  Germany: "pages.location.countries.DE",
} as const satisfies Record<(typeof internationalLocations)[number], StoreMessageKey>;

/** A place as the page's language names it: a country from the catalogue, a place in Vietnam by its own name. */
export function locationName(location: string, t: (key: StoreMessageKey) => string): string {
  return Object.hasOwn(countryNameKeys, location) ? t(countryNameKeys[location as keyof typeof countryNameKeys]) : location;
}

const allLocations = new Set<string>([...vietnamLocations, ...internationalLocations]);

export function parseLocation(raw: string | null): string | null {
  return raw && allLocations.has(raw) ? raw : null;
}

/** The delivery place the shopper picked (remembered in local storage), or null before they choose. */
export function useDeliveryLocation(): string | null {
  return useLocalStorageValue(LOCATION_STORAGE_KEY, parseLocation, null);
}

export function saveDeliveryLocation(location: string): void {
  if (allLocations.has(location)) writeLocalStorage(LOCATION_STORAGE_KEY, location);
}

export function isInternational(location: string | null): boolean {
  return location !== null && (internationalLocations as readonly string[]).includes(location);
}
