import { useRef, useState, type FormEvent } from "react";
import { useRevalidator, type useFetcher } from "react-router";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { RefreshCw } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { FormField } from "~/components/ui/label";
import { StickySaveBar, useFormDirty } from "~/components/ui/unsaved-changes";
import type { ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { fieldErrorsOf, formValues } from "~/lib/form-fields";

/*
 * The core the product form and the variant form share (issue 32): the answer that belongs to
 * this form, the browser's check with the server's schema, the stock fields, the refusal with its
 * reload and the save bar. Each form keeps only its own fields.
 */

type CatalogFetcher = ReturnType<typeof useFetcher<ActionFeedbackResult>>;

/**
 * The state of a catalogue form posting `intent` through `fetcher`: its refusal (never an answer
 * given before it was mounted, i.e. to the form before a reload), the server's and the browser's
 * field messages, whether it is saving, and whether it has unsaved changes since `version`.
 */
export function useCatalogForm({
  fetcher,
  intent,
  version,
}: {
  fetcher: CatalogFetcher;
  intent: string;
  version: number | undefined;
}) {
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [answerAtMount] = useState(fetcher.data);
  const failure =
    fetcher.data && fetcher.data !== answerAtMount && !fetcher.data.ok && fetcher.data.intent === intent
      ? fetcher.data
      : null;
  const errors: Record<string, string | undefined> = { ...(failure?.fieldErrors ?? {}), ...clientErrors };
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("intent") === intent;
  const form = useRef<HTMLFormElement>(null);
  // The edit pages key their form by version: a save mounts it again, clean.
  const dirty = useFormDirty(form, version);

  /**
   * Checks the form with the server's schema before it is sent; on a refusal the post is stopped,
   * the messages show and the first refused field takes the focus. `kept` are messages the schema
   * does not give (a picked file the browser refused) and that still stand.
   */
  function checkWith(schema: z.ZodType, event: FormEvent<HTMLFormElement>, kept: Record<string, string> = {}) {
    const parsed = schema.safeParse(formValues(new FormData(event.currentTarget)));
    if (parsed.success) {
      setClientErrors(kept);
      return;
    }
    event.preventDefault();
    const found = fieldErrorsOf(parsed.error);
    setClientErrors({ ...found, ...kept });
    event.currentTarget.querySelector<HTMLElement>(`[name="${Object.keys(found)[0]}"]`)?.focus();
  }

  return { form, failure, errors, clientErrors, setClientErrors, busy, dirty, checkWith };
}

/** The selling price (required for a product; a variant may leave it to its product's) and the struck-through one. */
export function PriceFields({
  idPrefix,
  price,
  compareAtPrice,
  errors,
  priceHint,
}: {
  idPrefix: string;
  price: number | null;
  compareAtPrice: number | null;
  errors: Record<string, string | undefined>;
  /** Given: the price may be left empty, and this says what applies then. */
  priceHint?: string;
}) {
  const required = priceHint === undefined;
  return (
    <>
      <FormField id={`${idPrefix}-price`} label="Giá bán (đ)" required={required} error={errors.price} hint={priceHint}>
        {(f) => (
          <Input
            {...f}
            name="price"
            type="number"
            min={0}
            step={1000}
            inputMode="numeric"
            defaultValue={price ?? ""}
            required={required}
          />
        )}
      </FormField>
      <FormField id={`${idPrefix}-compare`} label="Giá gốc (đ, gạch ngang)" error={errors.compareAtPrice}>
        {(f) => (
          <Input
            {...f}
            name="compareAtPrice"
            type="number"
            min={0}
            step={1000}
            inputMode="numeric"
            defaultValue={compareAtPrice ?? ""}
          />
        )}
      </FormField>
    </>
  );
}

/**
 * Stock: typed once for a new product or variant (its initial stock), afterwards a link to where
 * it moves; and the low-stock threshold.
 */
export function StockFields({
  idPrefix,
  initialStock,
  lowStockThreshold,
  errors,
  elsewhere,
}: {
  idPrefix: string;
  /** The initial stock of a new one; null once it exists. */
  initialStock: number | null;
  lowStockThreshold: number;
  errors: Record<string, string | undefined>;
  /** Where an existing one's stock changes. */
  elsewhere: { href: string; label: string };
}) {
  return (
    <>
      {initialStock !== null ? (
        <FormField id={`${idPrefix}-stock`} label="Tồn kho" hint="Số lượng ban đầu" error={errors.stockQuantity}>
          {(f) => (
            <Input
              {...f}
              name="stockQuantity"
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              defaultValue={initialStock}
            />
          )}
        </FormField>
      ) : (
        <div className="flex flex-col gap-1 text-sm">
          <span className="font-medium">Tồn kho</span>
          <a href={elsewhere.href} className="text-brand-teal-strong hover:underline">
            {elsewhere.label}
          </a>
        </div>
      )}
      <FormField id={`${idPrefix}-low-stock`} label="Ngưỡng sắp hết" error={errors.lowStockThreshold}>
        {(f) => (
          <Input
            {...f}
            name="lowStockThreshold"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            defaultValue={lowStockThreshold}
          />
        )}
      </FormField>
    </>
  );
}

/**
 * The end of a catalogue form: the server's refusal (with "reload the newest" when someone saved
 * it since it was opened: what was typed stays until then) and the save bar that stays in view.
 */
export function CatalogFormFooter({
  failure,
  staleMessage,
  dirty,
  busy,
  submitLabel,
  className,
}: {
  failure: { error: string } | null;
  staleMessage: string;
  dirty: boolean;
  busy: boolean;
  submitLabel: string;
  /** Placement in the product form's reordered grid. */
  className?: { failure: string; saveBar: string };
}) {
  const revalidator = useRevalidator();
  return (
    <>
      {failure && (
        <div
          role="alert"
          className={cn(
            "flex flex-col gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800",
            className?.failure,
          )}
        >
          <p>{failure.error}</p>
          {failure.error === staleMessage && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="self-start"
              disabled={revalidator.state !== "idle"}
              onClick={() => void revalidator.revalidate()}
            >
              <RefreshCw className="size-4" aria-hidden="true" />
              Tải lại bản mới nhất (bỏ những gì vừa nhập)
            </Button>
          )}
        </div>
      )}
      <StickySaveBar dirty={dirty} className={className?.saveBar}>
        <Button type="submit" disabled={busy}>
          {busy ? "Đang lưu..." : submitLabel}
        </Button>
      </StickySaveBar>
    </>
  );
}
