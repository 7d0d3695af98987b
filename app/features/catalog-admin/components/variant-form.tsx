import { useRef, useState, type FormEvent } from "react";
import { useRevalidator, type useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { FormField } from "~/components/ui/label";
import { StickySaveBar, UnsavedChangesGuard, useFormDirty } from "~/components/ui/unsaved-changes";
import type { ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { fieldErrorsOf, formValues } from "~/lib/form-fields";
import type { ProductTexts, Translations } from "~/lib/i18n/translated";
import { formatVnd } from "~/lib/money";
import { staleRowMessage } from "~/lib/row-version";
import { newVariantInputSchema, variantInputSchema } from "../admin-products.schema";
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
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [answerAtMount] = useState(fetcher.data);
  const failure =
    fetcher.data && fetcher.data !== answerAtMount && !fetcher.data.ok && fetcher.data.intent === intent
      ? fetcher.data
      : null;
  const errors: Record<string, string | undefined> = { ...(failure?.fieldErrors ?? {}), ...clientErrors };
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("intent") === intent;
  const revalidator = useRevalidator();
  const form = useRef<HTMLFormElement>(null);
  const dirty = useFormDirty(form, variant.version);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const schema = intent === VARIANT_UPDATE_INTENT ? variantInputSchema : newVariantInputSchema;
    const parsed = schema.safeParse(formValues(new FormData(event.currentTarget)));
    if (!parsed.success) {
      event.preventDefault();
      const found = fieldErrorsOf(parsed.error);
      setClientErrors(found);
      event.currentTarget.querySelector<HTMLElement>(`[name="${Object.keys(found)[0]}"]`)?.focus();
      return;
    }
    setClientErrors({});
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
          <FormField
            id="variant-price"
            label="Giá bán (đ)"
            error={errors.price}
            hint={`Để trống: giá của sản phẩm (${formatVnd(productPrice)}).`}
          >
            {(f) => (
              <Input
                {...f}
                name="price"
                type="number"
                min={0}
                step={1000}
                inputMode="numeric"
                defaultValue={variant.price ?? ""}
              />
            )}
          </FormField>
          <FormField id="variant-compare" label="Giá gốc (đ, gạch ngang)" error={errors.compareAtPrice}>
            {(f) => (
              <Input
                {...f}
                name="compareAtPrice"
                type="number"
                min={0}
                step={1000}
                inputMode="numeric"
                defaultValue={variant.compareAtPrice ?? ""}
              />
            )}
          </FormField>
          {intent === "variant-create" ? (
            <FormField id="variant-stock" label="Tồn kho" hint="Số lượng ban đầu" error={errors.stockQuantity}>
              {(f) => (
                <Input
                  {...f}
                  name="stockQuantity"
                  type="number"
                  min={0}
                  step={1}
                  inputMode="numeric"
                  defaultValue={0}
                />
              )}
            </FormField>
          ) : (
            <div className="flex flex-col gap-1 text-sm">
              <span className="font-medium">Tồn kho</span>
              <a href="#stock" className="text-brand-teal-strong hover:underline">
                Điều chỉnh ở mục Tồn kho
              </a>
            </div>
          )}
          <FormField id="variant-low-stock" label="Ngưỡng sắp hết" error={errors.lowStockThreshold}>
            {(f) => (
              <Input
                {...f}
                name="lowStockThreshold"
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                defaultValue={variant.lowStockThreshold}
              />
            )}
          </FormField>
        </div>
        <SwitchRow
          id="variant-active"
          name="isActive"
          label="Đang bán"
          hint="Tắt: khách không chọn được biến thể này."
          defaultChecked={variant.isActive}
        />
      </Card>
      {failure && (
        <div
          role="alert"
          className="flex flex-col gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          <p>{failure.error}</p>
          {failure.error === STALE_VARIANT_MESSAGE && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="self-start"
              disabled={revalidator.state !== "idle"}
              onClick={() => void revalidator.revalidate()}
            >
              Tải lại bản mới nhất (bỏ những gì vừa nhập)
            </Button>
          )}
        </div>
      )}
      <StickySaveBar dirty={dirty}>
        <Button type="submit" disabled={busy}>
          {busy ? "Đang lưu..." : submitLabel}
        </Button>
      </StickySaveBar>
    </fetcher.Form>
  );
}
