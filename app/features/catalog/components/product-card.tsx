import { Palette, ShoppingBag } from "~/components/ui/icons";
import { Link } from "react-router";
import { useI18n } from "~/lib/i18n/i18n-context";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import type { ProductColor } from "~/db/schema";
import type { ProductSummary } from "../catalog-types";
import { productPath } from "../product-path";
import { AddToCartForm } from "~/features/cart/components/add-to-cart-form";
import { ImageWithFallback } from "~/components/ui/image-with-fallback";
import { Price } from "./price";

export type ProductCardData = Pick<
  ProductSummary,
  | "id"
  | "slug"
  | "name"
  | "price"
  | "priceMax"
  | "compareAtPrice"
  | "categorySlug"
  | "badges"
  | "tags"
  | "inStock"
  | "image"
  | "description"
  | "swatches"
>;

/** Swatches a card shows before "+N". */
const MAX_SWATCHES = 5;

/**
 * The variant a colour filter chose (issue 31): the product's first active variant in one of the
 * chosen colours, or null (no filter, a product without variants, or none in those colours).
 */
export function variantForColours(
  product: Pick<ProductCardData, "swatches">,
  colours: readonly ProductColor[],
): ProductCardData["swatches"][number] | null {
  if (colours.length === 0) return null;
  return product.swatches.find((swatch) => swatch.color !== null && colours.includes(swatch.color)) ?? null;
}

/**
 * Cover, badges, tags, name, price and Quick Add; the whole card links to the product page. Under
 * a colour filter, the card shows that colour's variant (its image, and a link with `?variant=`).
 */
export function ProductCard({
  product,
  layout = "grid",
  eager = false,
  headingLevel = "h3",
  colours = [],
}: {
  product: ProductCardData;
  layout?: "grid" | "list";
  /** The first row of a listing loads its images eagerly; the rest lazily. */
  eager?: boolean;
  headingLevel?: "h2" | "h3";
  /** The colours the listing is filtered by (none: the product as it is). */
  colours?: readonly ProductColor[];
}) {
  const { t, href } = useI18n();
  const chosen = variantForColours(product, colours);
  const path = href(productPath(product)) + (chosen ? `?variant=${chosen.id}` : "");
  const image = chosen?.image ?? product.image;
  const Heading = headingLevel;
  const list = layout === "list";
  const hasColours = product.swatches.some((swatch) => swatch.colorHex);
  return (
    <article
      className={cn(
        "group relative flex h-full overflow-hidden rounded-3xl border border-brand-charcoal/10 bg-white transition-shadow hover:shadow-lg focus-within:shadow-lg",
        list ? "flex-row gap-4 p-3 sm:gap-6 sm:p-4" : "flex-col",
      )}
      data-testid="product-card"
    >
      <div
        className={cn(
          "relative shrink-0 overflow-hidden bg-brand-white",
          list ? "aspect-square w-28 rounded-2xl sm:w-44" : "aspect-square w-full",
        )}
      >
        {image ? (
          <ImageWithFallback
            src={image.url}
            alt={image.alt}
            width={image.width ?? 800}
            height={image.height ?? 800}
            sizes={
              list ? "(min-width: 640px) 176px, 112px" : "(min-width: 1280px) 22vw, (min-width: 1024px) 30vw, 50vw"
            }
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-brand-cool-gray">
            <ShoppingBag className="size-10" aria-hidden="true" />
          </div>
        )}
        {(product.badges.length > 0 || !product.inStock) && (
          <ul className="absolute top-3 left-3 flex flex-col items-start gap-1.5" aria-label={t("catalog.card.badges")}>
            {!product.inStock && (
              <li className="rounded-full bg-brand-charcoal px-2.5 py-1 text-xs font-bold text-white">
                {t("catalog.card.outOfStock")}
              </li>
            )}
            {product.badges.slice(0, list ? 1 : 2).map((badge) => (
              <li
                key={badge}
                className="rounded-full bg-brand-butter-yellow px-2.5 py-1 text-xs font-bold text-brand-charcoal"
              >
                {badge}
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className={cn("flex flex-1 flex-col gap-2", list ? "justify-center py-1" : "p-4 md:p-5")}>
        {product.tags.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label={t("catalog.card.tags")}>
            {product.tags.slice(0, 2).map((tag) => (
              <li
                key={tag}
                className="rounded-full bg-brand-mint-green/50 px-2 py-0.5 text-[11px] font-medium text-brand-charcoal"
              >
                {tag}
              </li>
            ))}
          </ul>
        )}
        <Heading className="text-base leading-snug font-bold text-balance md:text-lg">
          <Link
            to={path}
            className="outline-none after:absolute after:inset-0 after:rounded-3xl after:content-[''] focus-visible:after:outline-3 focus-visible:after:outline-offset-[-3px] focus-visible:after:outline-brand-teal-strong"
          >
            {product.name}
          </Link>
        </Heading>
        {list && <p className="line-clamp-2 hidden text-sm text-brand-cool-gray sm:block">{product.description}</p>}
        {product.swatches.length > 0 && <Swatches swatches={product.swatches} />}
        <Price
          amount={product.price}
          compareAt={product.compareAtPrice}
          from={product.priceMax > product.price}
          size="sm"
          className="mt-auto"
        />
        <div className="relative z-10 mt-1">
          {product.swatches.length > 0 ? (
            // A product with variants is never added as itself (decision 0038): its page chooses one.
            <Button
              asChild
              variant="outline"
              size="sm"
              className={cn("w-full lg:opacity-90 lg:group-hover:opacity-100", list && "sm:w-auto")}
            >
              <Link
                to={path}
                aria-label={t(hasColours ? "catalog.card.chooseColourLabel" : "catalog.card.chooseOptionLabel", {
                  name: product.name,
                })}
              >
                <Palette className="size-4" aria-hidden="true" />
                {t(hasColours ? "catalog.card.chooseColour" : "catalog.card.chooseOption")}
              </Link>
            </Button>
          ) : product.inStock ? (
            <AddToCartForm product={product}>
              <Button
                type="submit"
                variant="outline"
                size="sm"
                className={cn("w-full lg:opacity-90 lg:group-hover:opacity-100", list && "sm:w-auto")}
                aria-label={t("catalog.card.quickAddLabel", { name: product.name })}
              >
                <ShoppingBag className="size-4" aria-hidden="true" />
                {t("catalog.card.quickAdd")}
              </Button>
            </AddToCartForm>
          ) : (
            <Button
              variant="ghost"
              size="sm"
              disabled
              className={cn("w-full bg-brand-charcoal/5", list && "sm:w-auto")}
            >
              {t("catalog.card.outOfStock")}
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}

/** A product's variants as colour dots, each named by its label for screen readers; "+N" past MAX_SWATCHES. */
function Swatches({ swatches }: { swatches: ProductCardData["swatches"] }) {
  const { t } = useI18n();
  const shown = swatches.slice(0, MAX_SWATCHES);
  const more = swatches.length - shown.length;
  return (
    <ul className="flex flex-wrap items-center gap-1.5" aria-label={t("catalog.card.swatches")} data-testid="swatches">
      {shown.map((swatch) => (
        <li key={swatch.id} title={swatch.label}>
          <span
            aria-hidden="true"
            className="block size-4 rounded-full border border-brand-charcoal/25"
            style={{ backgroundColor: swatch.colorHex ?? undefined }}
          />
          <span className="sr-only">{swatch.label}</span>
        </li>
      ))}
      {more > 0 && (
        <li className="text-xs font-medium text-brand-cool-gray">
          <span aria-hidden="true">{t("catalog.card.moreSwatches", { count: more })}</span>
          <span className="sr-only">{t("catalog.card.moreSwatchesLabel", { count: more })}</span>
        </li>
      )}
    </ul>
  );
}
