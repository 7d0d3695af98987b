import type { FormEvent } from "react";
import type { useFetcher } from "react-router";
import { Input } from "~/components/ui/input";
import { FormField } from "~/components/ui/label";
import { UnsavedChangesGuard } from "~/components/ui/unsaved-changes";
import type { ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import type { ProductTexts, Translations } from "~/lib/i18n/translated";
import { formatVnd } from "~/lib/money";
import { staleRowMessage } from "~/lib/row-version";
import { newVariantInputSchema, variantInputSchema } from "../admin-products.schema";
import { CatalogFormFooter, PriceFields, StockFields, useCatalogForm } from "./catalog-form-core";
import { Card, ColorFields, SwitchRow } from "./form-parts";
import { VARIANT_UPDATE_INTENT } from "./variant-intents";

/** A variant as its form edits it (a stored variant, or blanks for a new one). */
export interface VariantFormValues {
  variantLabel: string | null;
  sku: string;
  price: number | null;
  compareAtPrice: number | null;
  color: string | null;
  colorHex: string | null;
  lowStockThreshold: number;
  isActive: boolean;
  translations: Translations<ProductTexts>;
  version?: number;
}

export const STALE_VARIANT_MESSAGE = staleRowMessage("Biến thể");

/**
 * A variant's own fields (decision 0038): label (vi, en), SKU, prices, colour, stock settings,
 * availability. Checked in the browser with the server's schema; the server's field messages
 * show next to the fields. Its stock is typed only when it is created; afterwards it moves
 * through the "Tồn kho" panel of its page.
 */
export function VariantForm({
  variant,
  productPrice,
  intent,
  action,
  fetcher,
  submitLabel,
}: {
  /** A stored variant has its id and version (sent back with the save). */
  variant: VariantFormValues & { id?: number };
  productPrice: number;
  intent: "variant-create" | typeof VARIANT_UPDATE_INTENT;
  /** Where the form posts (the page's own action when not given). */
  action?: string;
  fetcher: ReturnType<typeof useFetcher<ActionFeedbackResult>>;
  submitLabel: string;
}) {
  const { form, failure, errors, busy, dirty, checkWith } = useCatalogForm({
    fetcher,
    intent,
    version: variant.version,
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    checkWith(intent === VARIANT_UPDATE_INTENT ? variantInputSchema : newVariantInputSchema, event);
  }

  return (
    <fetcher.Form
      ref={form}
      method="post"
      action={action}
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Thông tin biến thể"
    >
      <UnsavedChangesGuard dirty={dirty && !busy} />
      <input type="hidden" name="intent" value={intent} />
      {variant.id !== undefined && <input type="hidden" name="variantId" value={variant.id} />}
      {variant.version !== undefined && <input type="hidden" name="version" value={variant.version} />}
      <Card title="Biến thể" description="Tên hiển thị là tên sản phẩm kèm tên biến thể, vd “… – Trắng”.">
        <div className="grid gap-4 md:grid-cols-2">
          <FormField id="variant-label" label="Tên biến thể" required error={errors.variantLabel}>
            {(f) => (
              <Input {...f} name="variantLabel" defaultValue={variant.variantLabel ?? ""} placeholder="vd: Trắng" />
            )}
          </FormField>
          <FormField id="variant-label-en" label="Tên biến thể (English)" error={errors.en_variantLabel}>
            {(f) => (
              <Input
                {...f}
                name="en_variantLabel"
                defaultValue={variant.translations.en?.variantLabel ?? ""}
                placeholder="e.g. White"
                lang="en"
              />
            )}
          </FormField>
          <FormField id="variant-sku" label="SKU" required error={errors.sku}>
            {(f) => <Input {...f} name="sku" defaultValue={variant.sku} autoComplete="off" spellCheck={false} />}
          </FormField>
        </div>
        <ColorFields idPrefix="variant" color={variant.color} colorHex={variant.colorHex} errors={errors} />
      </Card>
      <Card title="Giá & tồn kho">
        <div className="grid gap-4 md:grid-cols-2">
          <PriceFields
            idPrefix="variant"
            price={variant.price}
            compareAtPrice={variant.compareAtPrice}
            errors={errors}
            priceHint={`Để trống: giá của sản phẩm (${formatVnd(productPrice)}).`}
          />
          <StockFields
            idPrefix="variant"
            initialStock={intent === "variant-create" ? 0 : null}
            lowStockThreshold={variant.lowStockThreshold}
            errors={errors}
            elsewhere={{ href: "#stock", label: "Điều chỉnh ở mục Tồn kho" }}
          />
        </div>
        <SwitchRow
          id="variant-active"
          name="isActive"
          label="Đang bán"
          hint="Tắt: khách không chọn được biến thể này."
          defaultChecked={variant.isActive}
        />
      </Card>
      <CatalogFormFooter
        failure={failure}
        staleMessage={STALE_VARIANT_MESSAGE}
        dirty={dirty}
        busy={busy}
        submitLabel={submitLabel}
      />
    </fetcher.Form>
  );
}
