import { CircleAlert, CircleCheck, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Textarea } from "~/components/ui/input";
import { StaleRowNotice, staleRowErrorOf, useFormRowVersion } from "~/components/ui/stale-row-notice";
import { useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { FormField, Label } from "~/components/ui/label";
import { IMAGE_SIZE_MESSAGE, IMAGE_UPLOAD_ACCEPT, MAX_IMAGE_BYTES } from "~/lib/image-variants";
import {
  contentRowError,
  MULTILINE_THRESHOLD,
  type AdminContentRow,
  type AdminSection,
} from "../sections-admin.schema";
import { ImagePreview } from "~/components/ui/image-preview";
import { isTranslatable } from "../content.schema";

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
}: {
  section: AdminSection;
  label: string;
  /** Raised by "Tải lại": the editor mounts again with the newest content. */
  generation: number;
  reload: { run: () => void; busy: boolean };
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

  if (section.content.length === 0) {
    return <p className="text-sm text-brand-cool-gray">Section này chưa có nội dung để sửa.</p>;
  }

  return (
    <fetcher.Form
      method="post"
      encType="multipart/form-data"
      className="flex flex-col gap-5"
      aria-label={`Nội dung của ${label}`}
    >
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="sectionId" value={section.id} />
      <input type="hidden" name="version" value={version} />
      {groupByKey(section.content).map((rows) => (
        // A text's Vietnamese and English values side by side (stacked on narrow screens).
        <div key={rows[0].contentKey} className={rows.length > 1 ? "grid gap-4 lg:grid-cols-2" : undefined}>
          {rows.map((row) => (
            <ContentField
              key={row.id}
              sectionId={section.id}
              row={row}
              value={values[row.id] ?? ""}
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
      <div className="flex flex-wrap items-center justify-end gap-3">
        {invalidCount > 0 && (
          <p className="text-sm text-red-700" role="status">
            {invalidCount} nội dung chưa hợp lệ: sửa trước khi lưu.
          </p>
        )}
        <Button type="submit" disabled={busy || invalidCount > 0}>
          {busy ? "Đang lưu..." : "Lưu nội dung"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

const typeLabels: Record<string, string> = { text: "văn bản", image: "ảnh", color: "màu", json: "JSON" };
const languageLabels: Record<string, string> = { vi: "Tiếng Việt", en: "English (trống: dùng tiếng Việt)" };

/** Rows grouped by content key, in the order the server sent them (Vietnamese before English). */
function groupByKey(rows: AdminContentRow[]): AdminContentRow[][] {
  const groups = new Map<string, AdminContentRow[]>();
  for (const row of rows) groups.set(row.contentKey, [...(groups.get(row.contentKey) ?? []), row]);
  return [...groups.values()];
}

function ContentField({
  sectionId,
  row,
  value,
  onChange,
  chosen,
  onChoose,
  error,
}: {
  sectionId: number;
  row: AdminContentRow;
  value: string;
  onChange: (value: string) => void;
  chosen?: ChosenImage;
  onChoose: (image: ChosenImage | null) => void;
  error?: string;
}) {
  const id = `content-${sectionId}-${row.id}`;
  const name = `content.${row.id}`;
  const label = (
    <>
      {row.contentKey}{" "}
      <span className="font-normal text-brand-cool-gray">({typeLabels[row.contentType] ?? row.contentType})</span>
      {isTranslatable(row.contentType) && (
        <span className="font-normal text-brand-cool-gray"> · {languageLabels[row.locale] ?? row.locale}</span>
      )}
    </>
  );

  if (row.contentType === "json") {
    const valid = !contentRowError(row, value);
    return (
      <FormField id={id} label={label} error={error}>
        {(control) => (
          <>
            <Textarea
              {...control}
              name={name}
              value={value}
              onChange={(e) => onChange(e.currentTarget.value)}
              rows={Math.min(16, Math.max(4, value.split("\n").length))}
              spellCheck={false}
              className="font-mono text-xs sm:text-xs"
            />
            <p
              className={
                valid
                  ? "flex items-center gap-1 text-xs font-medium text-emerald-800"
                  : "flex items-center gap-1 text-xs font-medium text-red-700"
              }
            >
              {valid ? (
                <CircleCheck className="size-4" aria-hidden="true" />
              ) : (
                <CircleAlert className="size-4" aria-hidden="true" />
              )}
              {valid ? "JSON hợp lệ" : "JSON không hợp lệ"}
            </p>
          </>
        )}
      </FormField>
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
              aria-label={`Chọn màu ${row.contentKey}`}
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
    <FormField id={id} label={label} error={error}>
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
  value,
  onChange,
  chosen,
  onChoose,
  error,
}: {
  id: string;
  name: string;
  row: AdminContentRow;
  label: React.ReactNode;
  value: string;
  onChange: (value: string) => void;
  chosen?: ChosenImage;
  onChoose: (image: ChosenImage | null) => void;
  error?: string;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const preview = chosen?.preview;
  // The in-memory preview is released when it is replaced or the editor closes.
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const fileId = `${id}-file`;

  const choose = (file: File | undefined) => {
    if (!file) return onChoose(null);
    onChoose({ preview: URL.createObjectURL(file), error: file.size > MAX_IMAGE_BYTES ? IMAGE_SIZE_MESSAGE : null });
  };
  const clear = () => {
    if (fileInput.current) fileInput.current.value = "";
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
              Hoặc tải ảnh lên cho {row.contentKey}
            </Label>
            <input
              ref={fileInput}
              id={fileId}
              name={`upload.${row.id}`}
              type="file"
              accept={IMAGE_UPLOAD_ACCEPT}
              onChange={(e) => choose(e.currentTarget.files?.[0])}
              aria-invalid={error && chosen ? true : undefined}
              aria-describedby={error && chosen ? `${id}-error` : undefined}
              className="block w-full rounded-lg border border-dashed border-brand-charcoal/30 bg-brand-white/50 p-2 text-sm file:mr-3 file:rounded-full file:border-0 file:bg-brand-charcoal file:px-4 file:py-2 file:text-sm file:font-medium file:text-white"
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
          <ImagePreview src={preview ?? value} alt={`Xem trước ${row.contentKey}`} className="sm:w-48" />
        </div>
      )}
    </FormField>
  );
}
