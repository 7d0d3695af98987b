import { ArrowLeft } from "~/components/ui/icons";
import { data, Link, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { CartAddedStatus } from "~/features/cart/components/cart-added-status";
import { CartLineItem } from "~/features/checkout/components/cart-line-item";
import { CartSummary } from "~/features/checkout/components/cart-summary";
import { FreeDeliveryProgressBar } from "~/features/checkout/components/free-delivery-progress";
import { CartSuggestions } from "~/features/checkout/components/suggestions";
import { storeAction } from "~/features/auth/store-action.server";
import { cartIntents } from "~/features/cart/cart-actions.server";
import { findRequestCartWithLines } from "~/features/cart/cart-cookie.server";
import { loadCartView } from "~/features/checkout/cart-view.server";
import { useI18n } from "~/lib/i18n/i18n-context";
import { localeOfPath } from "~/lib/i18n/locale";
import type { Route } from "./+types/cart";
import { useStoreLayout } from "~/features/storefront/store-layout-data";
import { metaTranslator, storeMeta } from "~/features/storefront/store-meta";

export const meta: Route.MetaFunction = (args) => {
  const t = metaTranslator(args);
  return storeMeta(args, { title: t("cart.metaTitle"), description: t("cart.metaDescription"), noIndex: true });
};

/** Personal: never kept by a browser, a proxy or the page cache. */
const NO_STORE = { "Cache-Control": "no-store" };

export const headers: Route.HeadersFunction = () => NO_STORE;

/** The browser's cart (kept on the server, found by its cookie), priced now. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const cart = await findRequestCartWithLines(context.database.db, request);
  const view = await loadCartView(context.database.db, cart?.lines ?? [], localeOfPath(new URL(request.url).pathname));
  return data(view, { headers: NO_STORE });
}

/** The cart's forms posted as plain HTML (before or without JavaScript): change, then back here (303). */
export const action = storeAction({ headers: { "Cache-Control": "no-store" }, intents: cartIntents("redirect") });

/** /cart (SPEC §2): lines, order summary with the tax estimate, links to the shop and to checkout. */
export default function CartPage({ loaderData: view, actionData }: Route.ComponentProps) {
  const { t, text, href } = useI18n();
  const revalidator = useRevalidator();
  const delivery = useStoreLayout()?.delivery;
  const { quote, count } = view;
  const refused = actionData && !actionData.ok ? actionData.error : null;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 md:px-6 md:py-12">
      <h1 className="text-2xl font-bold tracking-tight md:text-3xl">
        {count > 0 ? t("cart.titleWithCount", { count }) : t("cart.title")}
      </h1>
      {refused && (
        <p role="alert" className="mt-4 rounded-xl bg-red-50 px-4 py-3 text-red-800">
          {text(refused)}
        </p>
      )}

      {view.lines.length === 0 ? (
        <div className="mt-10 flex flex-col items-center gap-5 rounded-2xl bg-brand-white px-6 py-14 text-center">
          <p className="text-lg">{t("cart.empty")}</p>
          <Button asChild>
            <Link to={href("/shop")}>{t("cart.continueShopping")}</Link>
          </Button>
        </div>
      ) : (
        <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_360px] lg:items-start">
          <section aria-label={t("cart.items")} className="flex flex-col gap-4">
            {quote && (
              <FreeDeliveryProgressBar percent={quote.freeDeliveryPercent} remaining={quote.remainingForFreeDelivery} />
            )}
            <ul className="divide-y divide-brand-charcoal/10 border-y border-brand-charcoal/10">
              {view.lines.map(({ line, quantity, previousPrice }) => (
                <CartLineItem
                  key={line.productId}
                  line={line}
                  quantity={quantity}
                  previousPrice={previousPrice}
                  variant="page"
                  onChanged={() => void revalidator.revalidate()}
                />
              ))}
            </ul>
            <Link
              to={href("/shop")}
              className="inline-flex min-h-11 items-center gap-2 self-start text-sm font-medium text-brand-teal-strong hover:underline"
            >
              <ArrowLeft className="size-4" aria-hidden="true" />
              {t("cart.continueShopping")}
            </Link>
            {quote && (
              <div className="mt-4 max-w-md">
                {/* A suggestion's add is confirmed here, where the shopper is looking (no toast). */}
                <CartAddedStatus onlyNew className="mb-3" />
                <CartSuggestions suggestions={quote.suggestions} onAdded={() => void revalidator.revalidate()} />
              </div>
            )}
          </section>

          <CartSummary quote={quote} delivery={delivery} />
        </div>
      )}
    </div>
  );
}
