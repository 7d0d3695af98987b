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
