import { useSyncExternalStore } from "react";

/** Fired on window when this tab writes one of our local-storage keys (the storage event only reaches other tabs). */
export const LOCAL_STORAGE_CHANGE_EVENT = "uvc-shop-storage";

export function notifyLocalStorageChange(key: string): void {
  window.dispatchEvent(new CustomEvent(LOCAL_STORAGE_CHANGE_EVENT, { detail: { key } }));
}

function readRaw(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage disabled (private mode, blocked cookies)
  }
}

export function writeLocalStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // storage full or disabled: the choice lasts for this page only
  }
  notifyLocalStorageChange(key);
}

/**
 * A value derived from one local-storage key, kept in sync across tabs and components. The
 * server render and hydration use `fallback`; the stored value appears right after hydration.
 * `parse` must return a primitive (or a stable value) for the same raw string.
 */
export function useLocalStorageValue<T extends string | number | boolean | null>(
  key: string,
  parse: (raw: string | null) => T,
  fallback: T,
): T {
  return useSyncExternalStore(
    (onChange) => {
      const onStorage = (event: StorageEvent) => {
        if (event.key === null || event.key === key) onChange();
      };
      const onLocal = (event: Event) => {
        if ((event as CustomEvent<{ key?: string }>).detail?.key === key) onChange();
      };
      window.addEventListener("storage", onStorage);
      window.addEventListener(LOCAL_STORAGE_CHANGE_EVENT, onLocal);
      return () => {
        window.removeEventListener("storage", onStorage);
        window.removeEventListener(LOCAL_STORAGE_CHANGE_EVENT, onLocal);
      };
    },
    () => parse(readRaw(key)),
    () => fallback,
  );
}
