import { CheckCircle2, PackageSearch, Printer } from "~/components/ui/icons";
import { data, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { OrderDetails } from "~/features/checkout/components/order-details";
import { orderAccessOf } from "~/features/checkout/order-access.server";
import { getOrderConfirmation } from "~/features/checkout/order-confirmation.server";
import { localeOfPath } from "~/lib/i18n/locale";
import { useI18n } from "~/lib/i18n/i18n-context";
import { formatOrderNumber } from "~/lib/order-number";
import type { Route } from "./+types/order-confirmation";
import { metaTranslator, storeMeta } from "~/features/storefront/store-meta";
import "~/features/checkout/components/print.css";

/** Personal data: never kept by a browser, a proxy or the page cache. */
const NO_STORE = { "Cache-Control": "no-store" };

export const headers: Route.HeadersFunction = () => NO_STORE;

/**
 * The order's details for the browser that placed it (or looked it up) in the last two hours;
 * anyone else holding the link sees a generic page with the look-up, whether or not the order
 * exists (decision 0018).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const orderId = new URL(request.url).searchParams.get("order_id");
  const access = orderId ? orderAccessOf(request, orderId, context.env) : null;
  if (!orderId || !access) {
    return data({ view: "locked" as const, confirmation: null }, { headers: NO_STORE });
  }
  try {
    const locale = localeOfPath(new URL(request.url).pathname);
    const confirmation = await getOrderConfirmation(context.database.db, orderId, access, locale);
    return data({ view: confirmation ? ("order" as const) : ("not-found" as const), confirmation }, { headers: NO_STORE });
  } catch (error) {
    // SPEC §8: a load failure is only logged; the not-found view appears.
    context.logger.error({ err: error, orderId }, "order confirmation failed to load");
    return data({ view: "not-found" as const, confirmation: null }, { headers: NO_STORE });
  }
}

export const meta: Route.MetaFunction = (args) => {
  const t = metaTranslator(args);
  return storeMeta(args, {
    title:
      args.loaderData?.view === "order"
        ? t("checkout.confirmation.title")
        : args.loaderData?.view === "locked"
          ? t("checkout.confirmation.lockedTitle")
          : t("checkout.confirmation.notFound"),
    description: t("checkout.meta.confirmationDescription"),
    noIndex: true,
  });
};

export default function OrderConfirmationPage({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { view, confirmation } = loaderData;
  if (view === "locked") return <LockedOrder />;
  if (!confirmation) {
    return (
      <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-5 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{t("checkout.confirmation.notFound")}</h1>
        <Button asChild>
          <Link to={href("/")}>{t("checkout.confirmation.returnHome")}</Link>
        </Button>
      </div>
    );
  }
  const { order } = confirmation;
  return (
    <div className="order-confirmation mx-auto w-full max-w-3xl px-4 py-8 md:py-12">
      <div className="flex flex-col items-center gap-3 text-center">
        <CheckCircle2 className="size-14 text-brand-teal-strong print:hidden" aria-hidden="true" />
        <h1 className="text-2xl font-bold md:text-3xl">{t("checkout.confirmation.title")}</h1>
        <p className="max-w-lg text-brand-charcoal">{t("checkout.confirmation.thanks", { name: order.firstName })}</p>
        <p className="rounded-full bg-brand-white px-5 py-2 text-sm">
          {t("checkout.confirmation.orderNumber")} <strong className="text-base tabular-nums" data-testid="order-number">{formatOrderNumber(order.orderNumber)}</strong>
        </p>
      </div>

      <OrderDetails confirmation={confirmation} />

      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center print:hidden">
        <Button asChild size="lg">
          <Link to={href("/")}>{t("checkout.confirmation.continueShopping")}</Link>
        </Button>
        <Button type="button" variant="outline" size="lg" onClick={() => window.print()}>
          <Printer aria-hidden="true" /> {t("checkout.confirmation.print")}
        </Button>
      </div>
    </div>
  );
}

/** What a link shows outside the buyer's browser: no name, no address, not even whether the order exists. */
function LockedOrder() {
  const { t, href } = useI18n();
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-5 px-4 py-16 text-center">
      <PackageSearch className="size-14 text-brand-teal-strong" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{t("checkout.confirmation.lockedTitle")}</h1>
      <p className="text-brand-charcoal">{t("checkout.confirmation.lockedText")}</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button asChild>
          <Link to={href("/order-lookup")}>{t("checkout.confirmation.lookUp")}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={href("/")}>{t("checkout.confirmation.returnHome")}</Link>
        </Button>
      </div>
    </div>
  );
}
