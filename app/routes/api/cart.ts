import { data } from "react-router";
import { storeAction } from "~/features/auth/store-action.server";
import { cartIntents } from "~/features/cart/cart-actions.server";
import { findRequestCartWithLines } from "~/features/cart/cart-cookie.server";
import { loadCartView } from "~/features/checkout/cart-view.server";
import { LOCALES, type Locale } from "~/lib/i18n/locale";
import type { Route } from "./+types/cart";

/**
 * The cart for scripts: GET → the browser's cart priced now (the drawer; `?locale=en` for
 * English names and links); POST → the cart page's intents answered as JSON (the enhanced forms).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const requested = new URL(request.url).searchParams.get("locale");
  const locale = LOCALES.find((candidate): candidate is Locale => candidate === requested) ?? "vi";
  const cart = await findRequestCartWithLines(context.database.db, request);
  const view = await loadCartView(context.database.db, cart?.lines ?? [], locale);
  return data(view, { headers: { "Cache-Control": "no-store" } });
}

export const action = storeAction({ headers: { "Cache-Control": "no-store" }, intents: cartIntents("json") });
