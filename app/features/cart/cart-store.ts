import { useMemo, useSyncExternalStore } from "react";
import { useLocalStorageValue, writeLocalStorage } from "~/lib/use-local-storage-value";

/**
 * The shopper's cart, kept in the browser's local storage (SPEC §3): only product ids and
 * quantities. Names, prices and images are always read from the server, so a stale or
 * tampered cart can never change what an order costs.
 */
export const CART_STORAGE_KEY = "uvc-shop-cart-v1";

/** Above this a line is clamped: no shopper orders more of one product online. */
export const MAX_LINE_QUANTITY = 99;
/** Distinct products a cart may hold; older extra lines are dropped when reading. */
export const MAX_CART_LINES = 50;

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

/** SPEC §4: an existing line grows by the quantity given (default 1); a new one is appended. */
export function addLine(lines: CartLine[], productId: number, quantity = 1): CartLine[] {
  if (!isPositiveInteger(productId) || !isPositiveInteger(quantity)) return lines;
  const existing = lines.find((line) => line.productId === productId);
  if (!existing) {
    if (lines.length >= MAX_CART_LINES) return lines;
    return [...lines, { productId, quantity: Math.min(quantity, MAX_LINE_QUANTITY) }];
  }
  return lines.map((line) =>
    line.productId === productId ? { ...line, quantity: Math.min(line.quantity + quantity, MAX_LINE_QUANTITY) } : line,
  );
}

/** SPEC §4: a quantity of 0 or less removes the line. */
export function setLineQuantity(lines: CartLine[], productId: number, quantity: number): CartLine[] {
  if (!Number.isFinite(quantity) || quantity <= 0) return removeLine(lines, productId);
  const clamped = Math.min(Math.floor(quantity), MAX_LINE_QUANTITY);
  return lines.map((line) => (line.productId === productId ? { ...line, quantity: clamped } : line));
}

export function removeLine(lines: CartLine[], productId: number): CartLine[] {
  return lines.filter((line) => line.productId !== productId);
}

/** SPEC §4: the count is the sum of quantities. */
export function countItems(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

// Browser side: read, change and persist the stored cart.

function readStoredCart(): CartLine[] {
  try {
    return parseCart(window.localStorage.getItem(CART_STORAGE_KEY));
  } catch {
    return [];
  }
}

function writeStoredCart(lines: CartLine[]): void {
  writeLocalStorage(CART_STORAGE_KEY, JSON.stringify(lines));
  writeCartHintCookie(lines.length > 0);
}

// The server cannot read local storage: a cookie tells it whether the cart has lines, so /cart
// renders the right shape (empty box or lines and summary) before the browser takes over and
// nothing jumps then. Only a layout hint: the cart itself stays in local storage.

export const CART_HINT_COOKIE = "uvc-cart-has-lines";

function writeCartHintCookie(hasLines: boolean): void {
  try {
    document.cookie = `${CART_HINT_COOKIE}=${hasLines ? 1 : 0}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // cookies disabled: /cart then renders the empty shape first
  }
}

/** From a Cookie header: true when the browser's cart had lines at its last change. */
export function cartHasLinesHint(cookieHeader: string | null): boolean {
  return (cookieHeader ?? "").split(";").some((part) => part.trim() === `${CART_HINT_COOKIE}=1`);
}

/** Adds a product (default one unit) to the stored cart. */
export function addToCart(productId: number, quantity = 1): void {
  writeStoredCart(addLine(readStoredCart(), productId, quantity));
}

export function updateCartQuantity(productId: number, quantity: number): void {
  writeStoredCart(setLineQuantity(readStoredCart(), productId, quantity));
}

export function removeFromCart(productId: number): void {
  writeStoredCart(removeLine(readStoredCart(), productId));
}

export function clearCart(): void {
  writeStoredCart([]);
  writeLocalStorage(CART_SEEN_PRICES_KEY, "{}");
}

const readRaw = (raw: string | null) => raw;

/** The stored cart's lines, kept in sync across components and tabs; empty on the server render. */
export function useCartLines(): CartLine[] {
  const raw = useLocalStorageValue(CART_STORAGE_KEY, readRaw, null);
  return useMemo(() => parseCart(raw), [raw]);
}

/** The cart's item count (sum of quantities), 0 on the server render. */
export function useCartCount(): number {
  return countItems(useCartLines());
}

// Prices the shopper has seen per product (to tell them when a price changed since).

export const CART_SEEN_PRICES_KEY = "uvc-shop-cart-prices-v1";

/** productId → the unit price (whole đồng) last shown to the shopper. Never used to price anything. */
export type SeenPrices = Record<number, number>;

export function parseSeenPrices(raw: string | null): SeenPrices {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    const result: SeenPrices = {};
    for (const [key, price] of Object.entries(value)) {
      const id = Number(key);
      if (isPositiveInteger(id) && typeof price === "number" && Number.isSafeInteger(price) && price >= 0) result[id] = price;
    }
    return result;
  } catch {
    return {};
  }
}

export function readSeenPrices(): SeenPrices {
  try {
    return parseSeenPrices(window.localStorage.getItem(CART_SEEN_PRICES_KEY));
  } catch {
    return {};
  }
}

/** Records prices as seen (merged over what was stored). */
export function rememberSeenPrices(prices: SeenPrices): void {
  writeLocalStorage(CART_SEEN_PRICES_KEY, JSON.stringify({ ...readSeenPrices(), ...prices }));
}

/** The seen prices, kept in sync (empty on the server render). */
export function useSeenPrices(): SeenPrices {
  const raw = useLocalStorageValue(CART_SEEN_PRICES_KEY, readRaw, null);
  return useMemo(() => parseSeenPrices(raw), [raw]);
}

// The cart drawer's open state, shared by the header button and anything that adds to the cart.

type Listener = () => void;
let drawerOpen = false;
const drawerListeners = new Set<Listener>();

export function setCartDrawerOpen(open: boolean): void {
  if (drawerOpen === open) return;
  drawerOpen = open;
  for (const listener of drawerListeners) listener();
}

/** Opens the cart drawer (e.g. after a Quick Add). */
export function openCartDrawer(): void {
  setCartDrawerOpen(true);
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
