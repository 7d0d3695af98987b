import { useSyncExternalStore } from "react";

/**
 * The browser's side of the cart. The cart itself lives on the server (cart.server.ts); the
 * browser knows only its item count, from a cookie the server sets with every change, so the
 * header's badge works on cached pages that carry nothing personal. While an add is on its way
 * the badge counts it already (optimistic), and it settles on the server's answer.
 */

/** Above this a line is clamped: no shopper orders more of one product online. */
export const MAX_LINE_QUANTITY = 99;
/** Distinct products a cart may hold. */
export const MAX_CART_LINES = 50;
/** The item count the server writes after every change (readable by scripts, unlike the token). */
export const CART_COUNT_COOKIE = "uvc_cart_count";
/** Where carts lived before they moved to the server: still read once, to bring such a cart over. */
export const LEGACY_CART_STORAGE_KEY = "uvc-shop-cart-v1";

export interface CartLine {
  productId: number;
  quantity: number;
}

/**
 * A stored cart, repaired: anything that is not a list of {productId, quantity} with positive
 * integers is dropped, duplicate lines are merged, quantities clamped. Never throws.
 */
export function parseCart(raw: string | null): CartLine[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const lines: CartLine[] = [];
  for (const item of value) {
    const productId = (item as { productId?: unknown } | null)?.productId;
    const quantity = (item as { quantity?: unknown } | null)?.quantity;
    if (!isPositiveInteger(productId) || !isPositiveInteger(quantity)) continue;
    const existing = lines.find((line) => line.productId === productId);
    if (existing) existing.quantity = Math.min(existing.quantity + quantity, MAX_LINE_QUANTITY);
    else if (lines.length < MAX_CART_LINES) lines.push({ productId, quantity: Math.min(quantity, MAX_LINE_QUANTITY) });
  }
  return lines;
}

function isPositiveInteger(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0;
}

/** SPEC §4: the count is the sum of quantities. */
export function countItems(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** The count in a Cookie header (or document.cookie); 0 without one. */
export function cartCountOf(cookies: string): number {
  for (const part of cookies.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === CART_COUNT_COOKIE) {
      const count = Number(value);
      return Number.isSafeInteger(count) && count > 0 ? count : 0;
    }
  }
  return 0;
}

// The badge: the cookie's count plus the units of adds still on their way.

type Listener = () => void;
const countListeners = new Set<Listener>();
let unitsInFlight = 0;

function notifyCount(): void {
  for (const listener of countListeners) listener();
}

/** Tells the badge the cart changed (the cookie was rewritten by an answer, or another tab). */
export function announceCartChange(): void {
  notifyCount();
}

/** An add leaves: the badge counts it at once; `settle` when the server has answered (either way). */
export function countAddInFlight(quantity: number): () => void {
  unitsInFlight += quantity;
  notifyCount();
  let settled = false;
  return () => {
    if (settled) return;
    settled = true;
    unitsInFlight -= quantity;
    notifyCount();
  };
}

function subscribeCount(listener: Listener): () => void {
  countListeners.add(listener);
  // Another tab may have changed the cart: read the cookie again when this one comes back.
  window.addEventListener("focus", listener);
  window.addEventListener("pageshow", listener);
  return () => {
    countListeners.delete(listener);
    window.removeEventListener("focus", listener);
    window.removeEventListener("pageshow", listener);
  };
}

const readCount = () => cartCountOf(document.cookie) + unitsInFlight;

/** The header badge's count: 0 on the server render (the page may be cached for everyone). */
export function useCartCount(): number {
  return useSyncExternalStore(subscribeCount, readCount, () => 0);
}

/** The lines of a cart still in local storage from before carts lived on the server. */
export function readLegacyCart(): CartLine[] {
  try {
    return parseCart(window.localStorage.getItem(LEGACY_CART_STORAGE_KEY));
  } catch {
    return [];
  }
}

/** Forgets that cart once the server has taken it. */
export function forgetLegacyCart(): void {
  try {
    window.localStorage.removeItem(LEGACY_CART_STORAGE_KEY);
    window.localStorage.removeItem("uvc-shop-cart-prices-v1");
  } catch {
    // storage disabled: nothing was there to forget
  }
}

// The cart drawer's open state, shared by the header button and anything that adds to the cart.

let drawerOpen = false;
const drawerListeners = new Set<Listener>();
/** Where focus goes back when the drawer closes: it has no Radix trigger, so Radix would drop it. */
let drawerOpener: HTMLElement | null = null;

export function setCartDrawerOpen(open: boolean): void {
  if (drawerOpen === open) return;
  drawerOpen = open;
  for (const listener of drawerListeners) listener();
}

/**
 * Opens the cart drawer from `opener` (the header's button, or the button that added), which has
 * focus again when it closes; `added` is the confirmation it shows at its top (none from the header).
 */
export function openCartDrawer({ opener = null, added }: { opener?: HTMLElement | null; added?: AddedToCart } = {}): void {
  drawerOpener = opener;
  setAddedToCart(added ?? null);
  setCartDrawerOpen(true);
}

let drawerLoader: (() => unknown) | null = null;

/** The header, which loads the drawer's code lazily, says how (so an add can fetch it as it leaves). */
export function setCartDrawerLoader(load: () => unknown): void {
  drawerLoader = load;
}

/** Starts loading the drawer's code, so it opens without waiting for it after the server answers. */
export function preloadCartDrawer(): void {
  drawerLoader?.();
}

/** The element that opened the drawer, once (the drawer gives it focus back as it closes). */
export function takeCartDrawerOpener(): HTMLElement | null {
  const opener = drawerOpener;
  drawerOpener = null;
  return opener;
}

export function useCartDrawerOpen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      drawerListeners.add(onChange);
      return () => drawerListeners.delete(onChange);
    },
    () => drawerOpen,
    () => false,
  );
}

// The confirmation of the last add (SPEC §8's texts), shown where the cart is in view: at the top
// of the drawer it opens, or in the drawer or /cart page the add was made from. It replaced a toast
// that covered the header's cart button (issue 19).

export interface AddedToCart {
  quantity: number;
  name: string;
}

/** An add's confirmation; `seq` tells a newer add from an older one (a page shows only newer ones). */
export interface AddedNotice extends AddedToCart {
  seq: number;
}

let addedNotice: AddedNotice | null = null;
let addedSeq = 0;
const addedListeners = new Set<Listener>();

function setAddedToCart(added: AddedToCart | null): void {
  if (!added && !addedNotice) return;
  addedNotice = added && { ...added, seq: ++addedSeq };
  for (const listener of addedListeners) listener();
}

/** Says an add succeeded where the cart is already in view (its drawer, or the /cart page). */
export function showAddedToCart(added: AddedToCart): void {
  setAddedToCart(added);
}

/** The last add's confirmation, null if none or the drawer was opened since without one. */
export function currentAddedNotice(): AddedNotice | null {
  return addedNotice;
}

/** The last add's `seq` (0 before any). */
export function currentAddedSeq(): number {
  return addedSeq;
}

export function useAddedNotice(): AddedNotice | null {
  return useSyncExternalStore(
    (onChange) => {
      addedListeners.add(onChange);
      return () => addedListeners.delete(onChange);
    },
    currentAddedNotice,
    () => null,
  );
}
