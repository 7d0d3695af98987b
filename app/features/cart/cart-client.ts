import { useEffect } from "react";
import { announceCartChange, forgetLegacyCart, readLegacyCart } from "./cart-store";

/** What the enhanced forms learn from POST /api/cart. */
export type CartPostAnswer = { ok: true; count: number } | { ok: false; error: string };

/** Catalogue key of the message when the cart could not be reached at all. */
const CHANGE_FAILED = "cart.changeFailed";

/**
 * Posts a cart form's fields to the cart's script endpoint (the same intents as the page's
 * action, answered as JSON). The answer's cookies carry the new count (announceCartChange tells the badge).
 */
export async function postCart(fields: FormData): Promise<CartPostAnswer> {
  try {
    const body = new URLSearchParams();
    for (const [name, value] of fields) if (typeof value === "string") body.append(name, value);
    const response = await fetch("/api/cart", { method: "POST", body });
    const answer = (await response.json()) as { ok?: boolean; error?: string; result?: { count?: number } };
    if (answer.ok && typeof answer.result?.count === "number") return { ok: true, count: answer.result.count };
    return { ok: false, error: answer.error ?? CHANGE_FAILED };
  } catch {
    return { ok: false, error: CHANGE_FAILED };
  }
}

/**
 * Brings a cart kept in local storage before carts lived on the server into the server cart,
 * once per browser (the merge keeps the larger quantity, so a repeat changes nothing).
 */
export function useLegacyCartMerge(): void {
  useEffect(() => {
    const lines = readLegacyCart();
    if (lines.length === 0) return;
    const fields = new FormData();
    fields.set("intent", "merge");
    fields.set("lines", JSON.stringify(lines));
    void postCart(fields).then((answer) => {
      if (answer.ok) forgetLegacyCart();
      announceCartChange();
    });
  }, []);
}
