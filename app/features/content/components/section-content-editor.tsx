import { Eye, X } from "~/components/ui/icons";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Textarea } from "~/components/ui/input";
import { StaleRowNotice, staleRowErrorOf, useFormRowVersion } from "~/components/ui/stale-row-notice";
import { useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { FormField, Label } from "~/components/ui/label";
import { FilePicker } from "~/components/ui/file-picker";
import { StickySaveBar } from "~/components/ui/unsaved-changes";
import { IMAGE_SIZE_MESSAGE, IMAGE_UPLOAD_ACCEPT, MAX_IMAGE_BYTES } from "~/lib/image-variants";
import {
  contentRowError,
  MULTILINE_THRESHOLD,
  type AdminContentRow,
  type AdminSection,
} from "../sections-admin.schema";
import { ImagePreview } from "~/components/ui/image-preview";
import { isJsonContentKey, isTranslatable } from "../content.schema";
import { contentKeyLabel } from "../section-fields";
import { JsonListEditor } from "./json-list-editor";
import { hasSectionPreview, SectionPreview } from "./section-preview";

/** A file chosen for an image row: sent with the save, previewed from memory until then. */
interface ChosenImage {
  preview: string;
  error: string | null;
}

/**
 * Every content row of one section, edited by type and saved together (one transaction on the
 * server). Values that cannot be saved are flagged as they are typed and the save is blocked.
 * Image rows take an address or an uploaded file (multipart, checked again on the server).
 * The save carries the section's version as the editor opened it; a section saved since (in
 * another tab) is refused and the editor shows the notice with the page's "Tải lại".
 */
export function SectionContentEditor({
  section,
  label,
  generation,
  reload,
  onDirtyChange,
}: {
  section: AdminSection;
  label: string;
  /** Raised by "Tải lại": the editor mounts again with the newest content. */
  generation: number;
  reload: { run: () => void; busy: boolean };
  /** Told whether the editor holds changes not saved yet (the page guards leaving with them). */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const fetcher = useFetcher<ActionFeedbackResult>({ key: `section-content-${section.id}-${generation}` });

  const [values, setValues] = useState<Record<number, string>>(() =>
    Object.fromEntries(section.content.map((row) => [row.id, row.contentValue])),
  );
  const [chosen, setChosen] = useState<Record<number, ChosenImage>>({});
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  const version = useFormRowVersion(section.version, result);

  useActionFeedback(result, {
    success: { save: { title: "Đã lưu", description: "Các thay đổi đã được lưu thành công" } },
    errorTitle: () => "Không thể lưu thay đổi",
    pending: busy,
    toastId: `section-save-${section.id}`,
  });

  const serverErrors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const stale = staleRowErrorOf(result);
  // A chosen file replaces the typed address, so only the file's own problem counts for that row.
  const localErrors = Object.fromEntries(
    section.content.map((row) => [
      row.id,
      chosen[row.id] ? chosen[row.id].error : contentRowError(row, values[row.id] ?? ""),
    ]),
  );
  const invalidCount = Object.values(localErrors).filter(Boolean).length;
  const dirty =
    Object.keys(chosen).length > 0 || section.content.some((row) => (values[row.id] ?? "") !== row.contentValue);
  const reportDirty = useRef(onDirtyChange);
  useEffect(() => {
    reportDirty.current = onDirtyChange;
  });
  useEffect(() => reportDirty.current?.(dirty), [dirty]);
  // Replaced by a fresh editor (after a save or "Tải lại"): nothing left unsaved here.
  useEffect(() => () => reportDirty.current?.(false), []);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [previewLocale, setPreviewLocale] = useState<"vi" | "en">("vi");
  const previewable = hasSectionPreview(section.pageName, section.sectionKey);
  const previewValues = section.content
    .filter((row) => row.locale === "vi" || previewLocale === "en")
    .map((row) => ({
      key: row.contentKey,
      type: row.contentType,
      locale: row.locale,
      value: chosen[row.id] && !chosen[row.id].error ? chosen[row.id].preview : (values[row.id] ?? ""),
    }))
    // English: its own value where there is one, else the Vietnamese one (as the English site does).
    .filter((row, _, all) =>
      previewLocale === "vi" || row.locale === "en" || !all.some((r) => r.key === row.key && r.locale === "en" && r.value.trim() !== ""),
    )
    .filter((row) => !(previewLocale === "en" && row.locale === "en" && row.value.trim() === ""));

  if (section.content.length === 0) {
    return <p className="text-sm text-brand-cool-gray">Section này chưa có nội dung để sửa.</p>;
  }

  const viValueOf = (key: string) => {
    const row = section.content.find((r) => r.contentKey === key && r.locale === "vi");
    return row ? (values[row.id] ?? "") : "";
  };
  const titleId = `section-preview-title-${section.id}`;

  return (
    <div className={previewable ? "grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]" : undefined}>
      <fetcher.Form
        method="post"
        encType="multipart/form-data"
        className="flex min-w-0 flex-col gap-5"
        aria-label={`Nội dung của ${label}`}
      >
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="sectionId" value={section.id} />
        <input type="hidden" name="version" value={version} />
        {previewable && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="self-start xl:hidden"
            aria-expanded={previewOpen}
            aria-controls={`section-preview-${section.id}`}
            onClick={() => setPreviewOpen((open) => !open)}
          >
            <Eye className="size-4" aria-hidden="true" />
            {previewOpen ? "Ẩn xem trước" : "Xem trước"}
          </Button>
        )}
        {groupByKey(section.content).map((rows) => (
          // A text's Vietnamese and English values side by side (stacked on narrow screens).
          <div
            key={rows[0].contentKey}
            className={
              rows.length > 1 && rows[0].contentType !== "json"
                ? previewable
                  ? "grid gap-4 2xl:grid-cols-2"
                  : "grid gap-4 lg:grid-cols-2"
                : "flex flex-col gap-4"
            }
          >
            {rows.map((row) => (
              <ContentField
                key={row.id}
                sectionId={section.id}
                sectionKey={section.sectionKey}
                row={row}
                value={values[row.id] ?? ""}
                vietnamese={row.locale === "en" ? viValueOf(row.contentKey) : undefined}
                onChange={(value) => setValues((current) => ({ ...current, [row.id]: value }))}
                chosen={chosen[row.id]}
                onChoose={(image) =>
                  setChosen((current) => {
                    const { [row.id]: _previous, ...rest } = current;
                    return image ? { ...rest, [row.id]: image } : rest;
                  })
                }
                error={localErrors[row.id] ?? serverErrors[String(row.id)] ?? undefined}
              />
            ))}
          </div>
        ))}
        {stale && <StaleRowNotice message={stale} onReload={reload.run} reloading={reload.busy} />}
        <StickySaveBar dirty={dirty}>
          {invalidCount > 0 && (
            <p className="text-sm text-red-700" role="status">
              {invalidCount} nội dung chưa hợp lệ: sửa trước khi lưu.
            </p>
          )}
          <Button type="submit" disabled={busy || invalidCount > 0}>
            {busy ? "Đang lưu..." : "Lưu nội dung"}
          </Button>
        </StickySaveBar>
      </fetcher.Form>
      {previewable && (
        <section
          id={`section-preview-${section.id}`}
          aria-labelledby={titleId}
          className={`${previewOpen ? "flex" : "hidden"} order-first min-w-0 flex-col gap-3 self-start xl:sticky xl:top-4 xl:order-none xl:flex`}
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id={titleId} className="text-sm font-bold">
              Xem trước
            </h3>
            <div className="flex gap-1" role="group" aria-label="Ngôn ngữ xem trước">
              {(["vi", "en"] as const).map((locale) => (
                <Button
                  key={locale}
                  type="button"
                  size="sm"
                  variant={previewLocale === locale ? "primary" : "ghost"}
                  aria-pressed={previewLocale === locale}
                  onClick={() => setPreviewLocale(locale)}
                >
                  {locale === "vi" ? "Tiếng Việt" : "English"}
                </Button>
              ))}
            </div>
          </div>
          <p className="text-xs text-brand-cool-gray">
            Cập nhật theo từng chữ bạn nhập; nội dung chưa hợp lệ hiện bản mặc định. Chưa lưu thì cửa hàng chưa đổi.
          </p>
          <SectionPreview sectionKey={section.sectionKey} values={previewValues} locale={previewLocale} />
        </section>
      )}
    </div>
  );
}

const languageLabels: Record<string, string> = { vi: "Tiếng Việt", en: "English (trống: dùng tiếng Việt)" };

/** Rows grouped by content key, in the order the server sent them (Vietnamese before English). */
function groupByKey(rows: AdminContentRow[]): AdminContentRow[][] {
  const groups = new Map<string, AdminContentRow[]>();
  for (const row of rows) groups.set(row.contentKey, [...(groups.get(row.contentKey) ?? []), row]);
  return [...groups.values()];
}

function ContentField({
  sectionId,
  sectionKey,
  row,
  value,
  vietnamese,
  onChange,
  chosen,
  onChoose,
  error,
}: {
  sectionId: number;
  sectionKey: string;
  row: AdminContentRow;
  value: string;
  /** For an English row: the Vietnamese value beside it. */
  vietnamese?: string;
  onChange: (value: string) => void;
  chosen?: ChosenImage;
  onChoose: (image: ChosenImage | null) => void;
  error?: string;
}) {
  const id = `content-${sectionId}-${row.id}`;
  const name = `content.${row.id}`;
  const known = contentKeyLabel(sectionKey, row.contentKey);
  const name_ = known?.label ?? row.contentKey;
  const label = (
    <>
      {name_}
      {isTranslatable(row.contentType) && (
        <span className="font-normal text-brand-cool-gray"> · {languageLabels[row.locale] ?? row.locale}</span>
      )}
    </>
  );

  if (row.contentType === "json" && isJsonContentKey(row.contentKey)) {
    return (
      <JsonListEditor
        id={id}
        name={name}
        contentKey={row.contentKey}
        label={label}
        value={value}
        onChange={onChange}
        error={error}
        emptyMeansFallback={row.locale === "en"}
        fallbackValue={vietnamese}
      />
    );
  }

  if (row.contentType === "color") {
    const hex = /^#[0-9a-f]{6}$/i.test(value.trim()) ? value.trim() : "#000000";
    return (
      <FormField id={id} label={label} error={error}>
        {(control) => (
          <div className="flex items-center gap-3">
            <input
              type="color"
              value={hex.toLowerCase()}
              onChange={(e) => onChange(e.currentTarget.value)}
              aria-label={`Chọn ${name_.toLowerCase()}`}
              className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-brand-charcoal/25 bg-white p-1"
            />
            <Input
              {...control}
              name={name}
              value={value}
              onChange={(e) => onChange(e.currentTarget.value)}
              className="max-w-40 font-mono"
              maxLength={7}
            />
          </div>
        )}
      </FormField>
    );
  }

  if (row.contentType === "image") {
    return (
      <ImageContentField
        id={id}
        name={name}
        row={row}
        label={label}
        title={name_}
        value={value}
        onChange={onChange}
        chosen={chosen}
        onChoose={onChoose}
        error={error}
      />
    );
  }

  // Decided by the saved value, so the box does not change under the cursor while typing.
  const multiline = row.contentValue.length > MULTILINE_THRESHOLD || row.contentValue.includes("\n");
  return (
    <FormField id={id} label={label} error={error} hint={row.locale === "vi" ? known?.hint : undefined}>
      {(control) =>
        multiline ? (
          <Textarea {...control} name={name} value={value} onChange={(e) => onChange(e.currentTarget.value)} rows={4} />
        ) : (
          <Input {...control} name={name} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
        )
      }
    </FormField>
  );
}

function ImageContentField({
  id,
  name,
  row,
  label,
  title,
  value,
  onChange,
  chosen,
  onChoose,
  error,
}: {
  id: string;
  name: string;
  row: AdminContentRow;
  label: ReactNode;
  /** The field's name in words ("Ảnh lớn đầu trang"). */
  title: string;
  value: string;
  onChange: (value: string) => void;
  chosen?: ChosenImage;
  onChoose: (image: ChosenImage | null) => void;
  error?: string;
}) {
  // Remounting the picker empties it (and its "chosen file" text).
  const [pickerKey, setPickerKey] = useState(0);
  const preview = chosen?.preview;
  // The in-memory preview is released when it is replaced or the editor closes.
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const fileId = `${id}-file`;

  const choose = (file: File | undefined) => {
    if (!file) return onChoose(null);
    onChoose({ preview: URL.createObjectURL(file), error: file.size > MAX_IMAGE_BYTES ? IMAGE_SIZE_MESSAGE : null });
  };
  const clear = () => {
    setPickerKey((key) => key + 1);
    onChoose(null);
  };

  return (
    <FormField
      id={id}
      label={label}
      error={error}
      hint="Tải ảnh lên (JPEG, PNG, WebP hoặc AVIF, tối đa 5 MB) hoặc nhập đường dẫn bắt đầu bằng / (ví dụ /images/home/hero.svg) hay URL https://"
    >
      {(control) => (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <div className="flex flex-col gap-2 sm:flex-1">
            <Input
              {...control}
              name={name}
              value={value}
              onChange={(e) => onChange(e.currentTarget.value)}
              readOnly={Boolean(chosen)}
            />
            <Label htmlFor={fileId} className="text-sm font-medium">
              Hoặc tải ảnh lên cho {title.toLowerCase()}
            </Label>
            <FilePicker
              key={pickerKey}
              id={fileId}
              buttonLabel="Chọn ảnh"
              name={`upload.${row.id}`}
              accept={IMAGE_UPLOAD_ACCEPT}
              onChange={(e) => choose(e.currentTarget.files?.[0])}
              aria-invalid={error && chosen ? true : undefined}
              aria-describedby={error && chosen ? `${id}-error` : undefined}
            />
            {chosen && (
              <p className="flex flex-wrap items-center gap-2 text-xs text-brand-cool-gray">
                Ảnh đã chọn sẽ thay đường dẫn khi lưu.
                <Button type="button" variant="ghost" size="sm" onClick={clear}>
                  <X className="size-4" aria-hidden="true" />
                  Bỏ chọn ảnh
                </Button>
              </p>
            )}
          </div>
          <ImagePreview src={preview ?? value} alt={`Xem trước ${title.toLowerCase()}`} className="max-w-xs sm:w-48" />
        </div>
      )}
    </FormField>
  );
}
