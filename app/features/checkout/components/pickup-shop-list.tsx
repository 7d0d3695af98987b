import { MapPin } from "~/components/ui/icons";
import { useI18n } from "~/lib/i18n/i18n-context";
import type { CartViewLine } from "../cart-quote.schema";
import type { PickupChoice } from "../pickup-choice.server";

interface PickupShopListProps {
  shops: readonly PickupChoice[];
  lines: readonly CartViewLine[];
  /** The shop chosen so far (the form's value, "" for none). */
  chosen: string;
  /** The refusal's message for the choice, already in the page's language. */
  error?: string;
}

/**
 * The pickup shops under "Nhận tại cửa hàng" (issue 31): nearest the buyer first, each with its
 * address, hours, map and the units it holds of the cart's lines; a shop that cannot supply the
 * whole cart is shown but cannot be chosen. Plain radios in the step's form: the list shows only
 * while pickup is the chosen method, by CSS (`:has`), so it works the same without JavaScript.
 */
export function PickupShopList({ shops, lines, chosen, error }: PickupShopListProps) {
  const { t } = useI18n();
  const nameOf = (productId: number) => lines.find(({ line }) => line.productId === productId)?.line.name ?? "";
  const choosable = shops.filter((shop) => shop.holdsCart);
  // One shop that can supply the cart is chosen for the shopper; with several, the shopper chooses.
  const preset = chosen || (choosable.length === 1 ? String(choosable[0].id) : "");
  return (
    <div
      role="radiogroup"
      aria-labelledby="pickup-shops-title"
      aria-describedby={error ? "pickup-shops-error" : "pickup-shops-hint"}
      className="hidden flex-col gap-2 pl-2 group-has-[input[value=store-pickup]:checked]/methods:flex sm:pl-8"
      data-testid="pickup-shops"
    >
      <span id="pickup-shops-title" className="font-medium">
        {t("checkout.shipping.pickupShops")}
      </span>
      <p id="pickup-shops-hint" className="text-xs text-brand-cool-gray">
        {choosable.length === 0 ? t("checkout.shipping.pickupNone") : t("checkout.shipping.pickupHint")}
      </p>
      {error && (
        <p id="pickup-shops-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {shops.map((shop) => (
        <label
          key={shop.id}
          className={
            shop.holdsCart
              ? "flex cursor-pointer gap-3 rounded-xl border border-brand-charcoal/20 p-3 has-[:checked]:border-brand-charcoal has-[:checked]:bg-brand-white"
              : "flex gap-3 rounded-xl border border-dashed border-brand-charcoal/20 p-3 text-brand-cool-gray"
          }
          data-testid="pickup-shop"
        >
          <input
            type="radio"
            name="pickupStoreId"
            value={shop.id}
            defaultChecked={preset === String(shop.id) && shop.holdsCart}
            disabled={!shop.holdsCart}
            className="mt-1 size-5 shrink-0 accent-brand-teal-strong"
          />
          <span className="flex min-w-0 flex-1 flex-col gap-0.5 text-sm">
            <span className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-medium text-brand-charcoal">{shop.name}</span>
              {shop.nearness !== "other" && (
                <span className="text-xs text-brand-teal-strong">
                  {shop.nearness === "province"
                    ? t("checkout.shipping.pickupInProvince")
                    : t("checkout.shipping.pickupInRegion")}
                </span>
              )}
            </span>
            <span>{shop.address}</span>
            <span className="text-xs">
              {t("checkout.shipping.pickupHours", { opens: shop.opensAt, closes: shop.closesAt })}
              {shop.phone ? ` · ${shop.phone}` : ""}
            </span>
            <span className="text-xs tabular-nums">
              {shop.units
                .map(({ productId, units }) => t("checkout.shipping.pickupUnits", { name: nameOf(productId), units }))
                .join(" · ")}
            </span>
            {!shop.holdsCart && <span className="text-xs font-medium text-amber-800">{t("checkout.shipping.pickupShort")}</span>}
            {shop.mapUrl && (
              <a
                href={shop.mapUrl}
                target="_blank"
                rel="noreferrer"
                className="inline-flex min-h-8 items-center gap-1 self-start text-xs font-medium text-brand-teal-strong hover:underline"
              >
                <MapPin className="size-3.5" aria-hidden="true" />
                {t("checkout.shipping.pickupMap")}
              </a>
            )}
          </span>
        </label>
      ))}
    </div>
  );
}
