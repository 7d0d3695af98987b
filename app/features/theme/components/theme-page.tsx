import { RotateCcw, ShieldCheck, Sparkles, Star } from "~/components/ui/icons";
import { useRef, useState, type CSSProperties } from "react";
import { StickySaveBar, UnsavedChangesGuard, useFormDirty } from "~/components/ui/unsaved-changes";
import { useFetcher } from "react-router";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { useActionFeedback } from "~/components/ui/use-action-feedback";
import { StaleRowNotice, staleRowErrorOf, useFormRowVersion, useReloadForms } from "~/components/ui/stale-row-notice";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import { buildThemeCss, strongVariant } from "~/features/theme/theme-css";
import { defaultPalette, hexColorSchema, paletteKeys, paletteLabels, type Palette, type PaletteKey } from "~/features/theme/theme.schema";
import type { getThemeForEditing } from "../theme.server";
import type { ActionFeedbackResult } from "~/components/ui/use-action-feedback";

type ThemeEditing = Awaited<ReturnType<typeof getThemeForEditing>>;

function validHex(value: string): string | null {
  const parsed = hexColorSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function ThemePage({ loaderData }: { loaderData: ThemeEditing }) {
  const { generation, reload, reloading } = useReloadForms();
  // "Tải lại" after a conflict mounts the editor again with the newest palette and version.
  return (
    <ThemeEditor
      key={generation}
      loaderData={loaderData}
      generation={generation}
      reload={() => void reload()}
      reloading={reloading}
    />
  );
}

function ThemeEditor({
  loaderData,
  generation,
  reload,
  reloading,
}: {
  loaderData: ThemeEditing;
  generation: number;
  reload: () => void;
  reloading: boolean;
}) {
  const fetcher = useFetcher<ActionFeedbackResult<{ css: string; version: number }>>({ key: `theme-save-${generation}` });
  const [values, setValues] = useState<Record<PaletteKey, string>>(loaderData.palette);
  const version = useFormRowVersion(loaderData.version, fetcher.data);
  const form = useRef<HTMLFormElement>(null);
  const dirty = useFormDirty(form, version);
  const stale = staleRowErrorOf(fetcher.data);
  const busy = fetcher.state !== "idle";
  // The value is read before the update is queued (the event's currentTarget is gone by then).
  const setColor = (key: PaletteKey, value: string) => setValues((v) => ({ ...v, [key]: value }));

  // The preview uses the valid colours as typed, the saved ones otherwise.
  const preview = Object.fromEntries(paletteKeys.map((k) => [k, validHex(values[k]) ?? loaderData.palette[k]])) as Palette;
  const invalid = paletteKeys.filter((k) => validHex(values[k]) === null);
  const serverErrors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};

  useActionFeedback(fetcher.data, {
    success: { save: { title: "Đã lưu màu sắc" } },
    pending: fetcher.state !== "idle",
    onSuccess: ({ result }) => {
      if (!result) return;
      navigator.clipboard
        ?.writeText(result.css)
        .then(() => toast.success("Đã copy vào clipboard"))
        .catch(() => toast.error("Không thể copy vào clipboard", { description: "Trình duyệt không cho phép; hãy copy CSS ở cuối trang." }));
    },
  });

  const css = buildThemeCss(preview);
  const previewVars = Object.fromEntries([
    ...paletteKeys.map((k) => [`--p-${k}`, preview[k]]),
    ["--p-teal-strong", strongVariant(preview.teal)],
  ]) as CSSProperties;

  return (
    <>
      <AdminPageHeader title="Giao diện" description="Bảng màu thương hiệu của cửa hàng. Sau khi lưu, cửa hàng dùng ngay các màu mới." />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <fetcher.Form
          ref={form}
          method="post"
          noValidate
          className="rounded-xl border border-brand-charcoal/10 bg-white p-5 shadow-xs sm:p-6"
          aria-labelledby="palette-title"
        >
          <UnsavedChangesGuard dirty={dirty} />
          <h2 id="palette-title" className="text-lg font-bold">
            Bảng màu
          </h2>
          <input type="hidden" name="version" value={version} />
          <div className="mt-5 grid gap-4 sm:grid-cols-2">
            {paletteKeys.map((key) => {
              const hex = validHex(values[key]);
              const error = hex === null ? "Mã màu phải có dạng #RRGGBB" : serverErrors[key];
              const id = `color-${key}`;
              return (
                <div key={key} className="flex flex-col gap-1.5">
                  <label htmlFor={id} className="text-sm font-medium">
                    {paletteLabels[key]}
                  </label>
                  <div className="flex items-center gap-2">
                    <input
                      type="color"
                      value={hex ?? preview[key]}
                      onChange={(e) => setColor(key, e.currentTarget.value)}
                      aria-label={`Chọn ${paletteLabels[key]}`}
                      className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-brand-charcoal/25 bg-white p-1"
                    />
                    <Input
                      id={id}
                      name={key}
                      value={values[key]}
                      onChange={(e) => setColor(key, e.currentTarget.value)}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-error` : undefined}
                      maxLength={7}
                      spellCheck={false}
                      className="font-mono uppercase"
                    />
                  </div>
                  {error && (
                    <p id={`${id}-error`} className="text-sm text-red-700">
                      {error}
                    </p>
                  )}
                  <p className="font-mono text-xs text-brand-cool-gray">--color-brand-{key}</p>
                </div>
              );
            })}
          </div>
          {stale && (
            <div className="mt-5">
              <StaleRowNotice message={stale} onReload={reload} reloading={reloading} />
            </div>
          )}
          <StickySaveBar dirty={dirty} className="mt-6">
            <Button variant="ghost" onClick={() => setValues(defaultPalette)}>
              <RotateCcw aria-hidden="true" /> Khôi phục mặc định
            </Button>
            <Button type="submit" disabled={busy || invalid.length > 0}>
              {busy ? "Đang lưu..." : "Lưu & Copy CSS"}
            </Button>
          </StickySaveBar>
          <details className="mt-5 text-sm">
            <summary className="cursor-pointer font-medium">CSS được tạo (HSL)</summary>
            <pre className="mt-2 overflow-x-auto rounded-lg bg-brand-white p-3 font-mono text-xs">{css}</pre>
          </details>
        </fetcher.Form>
        <ThemePreview style={previewVars} />
      </div>
    </>
  );
}

/** Buttons, tags, cards and gradients in the colours being edited (scoped variables, not the live site). */
function ThemePreview({ style }: { style: CSSProperties }) {
  return (
    <section aria-labelledby="preview-title" style={style} className="flex flex-col gap-5 rounded-xl border border-brand-charcoal/10 bg-white p-5 shadow-xs sm:p-6">
      <h2 id="preview-title" className="text-lg font-bold">
        Xem trước
      </h2>
      <div className="flex flex-wrap gap-3" aria-label="Nút">
        <span className="inline-flex h-11 items-center rounded-full bg-[var(--p-charcoal)] px-6 text-sm font-medium text-white">SHOP NOW</span>
        <span className="inline-flex h-11 items-center rounded-full bg-[var(--p-teal-strong)] px-6 text-sm font-medium text-white">Add to cart</span>
        <span className="inline-flex h-11 items-center rounded-full border-2 border-[var(--p-charcoal)] px-6 text-sm font-medium text-[var(--p-charcoal)]">
          How it works
        </span>
      </div>
      <div className="flex flex-wrap gap-2" aria-label="Nhãn">
        <span className="rounded-full bg-[var(--p-butter-yellow)] px-3 py-1 text-xs font-semibold text-[var(--p-charcoal)]">Best seller</span>
        <span className="rounded-full bg-[var(--p-mint-green)] px-3 py-1 text-xs font-semibold text-[var(--p-charcoal)]">New</span>
        <span className="rounded-full bg-[var(--p-lavender)] px-3 py-1 text-xs font-semibold text-[var(--p-charcoal)]">Travel</span>
        <span className="rounded-full bg-[var(--p-coral)] px-3 py-1 text-xs font-semibold text-[var(--p-charcoal)]">-10%</span>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-xl bg-[var(--p-white)] p-4 text-[var(--p-charcoal)]">
          <ShieldCheck className="size-6 text-[var(--p-teal-strong)]" aria-hidden="true" />
          <p className="mt-2 font-bold">99.9% bacteria</p>
          <p className="text-sm text-[var(--p-cool-gray)]">UVC light at 270–280nm in a 3-minute cycle.</p>
        </div>
        <div className="rounded-xl border border-[var(--p-mint-green)] bg-white p-4 text-[var(--p-charcoal)]">
          <Star className="size-6 text-[var(--p-coral)]" aria-hidden="true" />
          <p className="mt-2 font-bold">Loved by families</p>
          <p className="text-sm text-[var(--p-cool-gray)]">“A colour for every brush in the house.”</p>
        </div>
      </div>
      <div className="rounded-xl bg-linear-to-r from-[var(--p-mint-green)] via-[var(--p-lavender)] to-[var(--p-butter-yellow)] p-5 text-[var(--p-charcoal)]">
        <Sparkles className="size-5" aria-hidden="true" />
        <p className="mt-1 font-bold">Clean on the go</p>
      </div>
      <div className="rounded-xl bg-linear-to-br from-[var(--p-teal)] to-[var(--p-charcoal)] p-5 text-white">
        <p className="font-bold">Free delivery over 1.000.000 ₫</p>
      </div>
    </section>
  );
}
