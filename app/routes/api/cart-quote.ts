import { cartQuoteRequestSchema } from "~/features/checkout/cart-quote.schema";
import { quoteCart } from "~/features/checkout/cart-quote.server";
import type { Route } from "./+types/cart-quote";

const jsonHeaders = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" };

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: jsonHeaders });
}

/** POST {lines: [{productId, quantity}]} → the cart priced from the database (see quoteCart). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return json({ error: "Method not allowed" }, 405);
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return json({ error: "Invalid JSON body" }, 400);
  }
  const parsed = cartQuoteRequestSchema.safeParse(body);
  if (!parsed.success) return json({ error: "Invalid cart", issues: parsed.error.issues.map((i) => i.message) }, 400);
  const quote = await quoteCart(context.database.db, parsed.data.lines, parsed.data.locale);
  return json(quote);
}

export function loader() {
  return json({ error: "Use POST" }, 405);
}
