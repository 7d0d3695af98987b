import { z } from "zod";
import { localeOfPath, localizedPath } from "~/lib/i18n/locale";
import type { Db } from "~/server/db.server";
import { intent, type FormActionArgs } from "~/server/form-action.server";
import { cartCookies, cartTokenOf } from "./cart-cookie.server";
import {
  acknowledgeCartPrice,
  addCartLine,
  findCart,
  mergeCartLines,
  openCart,
  readCartLines,
  removeCartLine,
  setCartLineQuantity,
} from "./cart.server";
import { countItems, MAX_LINE_QUANTITY, parseCart } from "./cart-store";

/**
 * The cart's changes as form intents (issue 17). The same intents answer two ways:
 * - "redirect": the /cart page's action, for a plain HTML form (no JavaScript yet or at all):
 *   after the change the browser is sent to the cart (303), so a refresh never posts again;
 * - "json": POST /api/cart, for the enhanced forms: `{ ok, result: { count } }`, no page reload.
 * Either way the cart's cookies come with the answer (see cart-cookie.server.ts).
 */
export type CartAnswer = "redirect" | "json";

const productId = z.coerce.number({ error: "cart.productGone" }).int("cart.productGone").positive("cart.productGone");
const quantity = (min: number) =>
  z.coerce
    .number({ error: "cart.invalidQuantity" })
    .int("cart.invalidQuantity")
    .min(min, "cart.invalidQuantity")
    .max(MAX_LINE_QUANTITY, "cart.invalidQuantity");

/** No quantity field (quick add) is one unit; a quantity that is there must be valid. */
const addSchema = z.object({ productId, quantity: quantity(1).default(1) });
const setQuantitySchema = z.object({ productId, quantity: quantity(0) });
const lineSchema = z.object({ productId });
const mergeSchema = z.object({ lines: z.string().max(10_000).catch("[]") });

export interface CartChangeResult {
  /** Units now in the cart (the header's badge). */
  count: number;
}

type ChangeArgs = FormActionArgs & { headers: Headers };

/**
 * Runs a change on the browser's cart and answers. `create`: whether the change may start a cart
 * (adding does; changing a line of a cart that is gone does nothing).
 */
async function change(
  args: ChangeArgs,
  answer: CartAnswer,
  create: boolean,
  apply: (db: Db, cartId: string) => Promise<void>,
): Promise<CartChangeResult | Response> {
  const { request, context } = args;
  const db = context.database.db;
  const token = cartTokenOf(request);
  const opened = create
    ? await openCart(db, token)
    : await findCart(db, token).then((cart) => (cart && token ? { cart, token } : null));
  let count = 0;
  if (opened) {
    await apply(db, opened.cart.id);
    count = countItems(await readCartLines(db, opened.cart.id));
  }
  const cookies = opened ? cartCookies(opened.token, count, context.env) : [];
  if (answer === "redirect") {
    const location = localizedPath("/cart", localeOfPath(new URL(request.url).pathname));
    const headers = new Headers({ Location: location, "Cache-Control": "no-store" });
    for (const cookie of cookies) headers.append("Set-Cookie", cookie);
    return new Response(null, { status: 303, headers });
  }
  for (const cookie of cookies) args.headers.append("Set-Cookie", cookie);
  return { count };
}

/** The cart's intents, answering as a page (`redirect`) or to a script (`json`); routes wrap them in storeAction. */
export function cartIntents(answer: CartAnswer) {
  return {
    add: intent({
      schema: addSchema,
      run: (args) =>
        change(args, answer, true, (db, cartId) => addCartLine(db, cartId, args.input.productId, args.input.quantity)),
    }),
    "set-quantity": intent({
      schema: setQuantitySchema,
      run: (args) =>
        change(args, answer, false, (db, cartId) =>
          setCartLineQuantity(db, cartId, args.input.productId, args.input.quantity),
        ),
    }),
    remove: intent({
      schema: lineSchema,
      run: (args) => change(args, answer, false, (db, cartId) => removeCartLine(db, cartId, args.input.productId)),
    }),
    "acknowledge-price": intent({
      schema: lineSchema,
      run: (args) =>
        change(args, answer, false, (db, cartId) => acknowledgeCartPrice(db, cartId, args.input.productId)),
    }),
    // A cart kept in local storage before carts lived on the server (sent once by the browser).
    merge: intent({
      schema: mergeSchema,
      run: (args) => {
        const lines = parseCart(args.input.lines);
        // Nothing to bring over starts no cart.
        return change(args, answer, lines.length > 0, (db, cartId) => mergeCartLines(db, cartId, lines));
      },
    }),
  };
}
