import { ArrowDown, ArrowUp, CircleAlert, CircleCheck, Plus, Trash2 } from "~/components/ui/icons";
import { useState, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { ImagePreview } from "~/components/ui/image-preview";
import { Input, Select, Textarea } from "~/components/ui/input";
import { FormField, Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import type { JsonContentKey } from "../content.schema";
import { jsonEditors, paletteOptions, type ItemField, type JsonEditorShape } from "../section-fields";

type Item = Record<string, unknown>;

/** The value as the row editor can show it, or null when only the raw JSON can (it does not parse or fit). */
function readValue(editor: JsonEditorShape, raw: string): Item[] | string[] | Item | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (editor.shape === "object") return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Item) : null;
  if (!Array.isArray(parsed)) return null;
  if (editor.shape === "texts") return parsed.every((v) => typeof v === "string") ? (parsed as string[]) : null;
  return parsed.every((v) => v && typeof v === "object" && !Array.isArray(v)) ? (parsed as Item[]) : null;
}

/** The JSON the server checks, written the way the seed and the raw editor show it. */
function write(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/** A new item: every field empty, a fresh id or number where the key has one. */
function newItem(editor: Extract<JsonEditorShape, { shape: "objects" }>, items: Item[]): Item {
  const item: Item = {};
  if (editor.id === "id") {
    const ids = items.map((i) => Number(i.id)).filter((n) => Number.isFinite(n));
    item.id = (ids.length > 0 ? Math.max(...ids) : 0) + 1;
  }
  for (const field of editor.fields) {
    if (field.optional) continue;
    item[field.name] =
      field.kind === "rating" ? 5 : field.kind === "lines" ? [""] : field.kind === "palette" ? paletteOptions[0].value : "";
  }
  return item;
}

/** Steps carry their position: renumbered after a row is added, removed or moved. */
function renumber(editor: Extract<JsonEditorShape, { shape: "objects" }>, items: Item[]): Item[] {
  if (editor.id !== "number") return items;
  return items.map((item, index) => ({ ...item, number: index + 1 }));
}

/**
 * A JSON content value edited as rows of labelled fields (issue 18): add, remove, move up and
 * down, each button named for its row. The rows write the same JSON the server already checks
 * (the server stays the judge). "Nâng cao (JSON)" shows the raw text instead; a value the rows
 * cannot show (broken JSON) opens there, with the reason in Vietnamese.
 */
export function JsonListEditor({
  id,
  name,
  contentKey,
  label,
  value,
  onChange,
  error,
  emptyMeansFallback,
  fallbackValue,
}: {
  id: string;
  name: string;
  contentKey: JsonContentKey;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** An English value may stay empty: the English site then shows the Vietnamese one. */
  emptyMeansFallback?: boolean;
  /** The Vietnamese value, copied in to start an English translation. */
  fallbackValue?: string;
}) {
  const editor = jsonEditors[contentKey];
  const [advanced, setAdvanced] = useState(false);
  const empty = value.trim() === "";
  const parsed = empty ? null : readValue(editor, value);
  const rawOnly = !empty && parsed === null;
  const showRaw = advanced || rawOnly;
  const switchId = `${id}-advanced`;
  const errorId = `${id}-error`;

  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-xl border border-brand-charcoal/10 p-3 sm:p-4" aria-describedby={error ? errorId : undefined}>
      <legend className="px-1 text-sm font-medium text-brand-charcoal">{label}</legend>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label className="flex items-center gap-2 text-sm text-brand-cool-gray" htmlFor={switchId}>
          <Switch id={switchId} checked={showRaw} disabled={rawOnly} onCheckedChange={setAdvanced} />
          Nâng cao (JSON)
        </label>
      </div>

      {showRaw ? (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={id}>Nội dung JSON</Label>
          <Textarea
            id={id}
            name={name}
            value={value}
            onChange={(e) => onChange(e.currentTarget.value)}
            rows={Math.min(16, Math.max(4, value.split("\n").length))}
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            code
          />
          {rawOnly && !error && (
            <p className="text-xs text-brand-cool-gray">Sửa JSON cho đúng để quay lại dạng danh sách.</p>
          )}
          <p
            className={
              error
                ? "flex items-center gap-1 text-xs font-medium text-red-700"
                : "flex items-center gap-1 text-xs font-medium text-emerald-800"
            }
          >
            {error ? (
              <CircleAlert className="size-4" aria-hidden="true" />
            ) : (
              <CircleCheck className="size-4" aria-hidden="true" />
            )}
            {error ? "JSON không hợp lệ" : "JSON hợp lệ"}
          </p>
        </div>
      ) : (
        <>
          <input type="hidden" name={name} value={value} />
          {empty ? (
            <div className="flex flex-col items-start gap-2 rounded-lg bg-brand-white/60 p-3 text-sm text-brand-cool-gray">
              <p>
                {emptyMeansFallback
                  ? "Để trống: trang tiếng Anh dùng nội dung tiếng Việt."
                  : "Chưa có nội dung."}
              </p>
              {emptyMeansFallback && fallbackValue ? (
                <Button type="button" variant="outline" size="sm" onClick={() => onChange(fallbackValue)}>
                  Chép từ tiếng Việt để dịch
                </Button>
              ) : (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() =>
                    onChange(
                      write(
                        editor.shape === "object"
                          ? Object.fromEntries(editor.fields.map((f) => [f.name, ""]))
                          : editor.shape === "texts"
                            ? [""]
                            : renumber(editor, [newItem(editor, [])]),
                      ),
                    )
                  }
                >
                  Bắt đầu nhập
                </Button>
              )}
            </div>
          ) : editor.shape === "object" ? (
            <ItemFields
              idPrefix={id}
              fields={editor.fields}
              item={parsed as Item}
              onChange={(next) => onChange(write(next))}
            />
          ) : (
            <Rows
              id={id}
              editor={editor}
              items={parsed as Item[] | string[]}
              onChange={(next) => onChange(write(next))}
            />
          )}
        </>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function Rows({
  id,
  editor,
  items,
  onChange,
}: {
  id: string;
  editor: Exclude<JsonEditorShape, { shape: "object" }>;
  items: Item[] | string[];
  onChange: (next: Item[] | string[]) => void;
}) {
  const fix = (next: Array<Item | string>) =>
    onChange(editor.shape === "objects" ? renumber(editor, next as Item[]) : (next as string[]));
  const move = (from: number, to: number) => {
    const next = [...items] as Array<Item | string>;
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved);
    fix(next);
  };
  const add = () =>
    fix([...(items as Array<Item | string>), editor.shape === "texts" ? "" : newItem(editor, items as Item[])]);
  const itemName = editor.item;

  return (
    <>
      {items.length === 0 ? (
        <p className="text-sm text-brand-cool-gray">Danh sách trống.</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {(items as Array<Item | string>).map((item, index) => {
            const title = `${itemName} ${index + 1}`;
            return (
              <li
                key={index}
                className="flex flex-col gap-3 rounded-lg border border-brand-charcoal/10 bg-brand-white/40 p-3"
                aria-label={title}
              >
                <div className="flex flex-wrap items-center gap-1">
                  <p className="mr-auto text-sm font-bold">{title}</p>
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => move(index, index - 1)}
                    disabled={index === 0}
                    aria-label={`Chuyển ${title} lên`}
                  >
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => move(index, index + 1)}
                    disabled={index === items.length - 1}
                    aria-label={`Chuyển ${title} xuống`}
                  >
                    <ArrowDown aria-hidden="true" />
                  </Button>
                  <Button
                    variant="danger"
                    size="icon"
                    onClick={() => fix((items as Array<Item | string>).filter((_, i) => i !== index))}
                    aria-label={`Xóa ${title}`}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
                {typeof item === "string" ? (
                  <FormField id={`${id}-${index}`} label={editor.shape === "texts" ? editor.field.label : "Nội dung"}>
                    {(control) => (
                      <Input
                        {...control}
                        value={item}
                        onChange={(e) => {
                          const next = [...(items as string[])];
                          next[index] = e.currentTarget.value;
                          fix(next);
                        }}
                      />
                    )}
                  </FormField>
                ) : (
                  editor.shape === "objects" && (
                    <ItemFields
                      idPrefix={`${id}-${index}`}
                      fields={editor.fields}
                      item={item}
                      onChange={(nextItem) => {
                        const next = [...(items as Item[])];
                        next[index] = nextItem;
                        fix(next);
                      }}
                    />
                  )
                )}
              </li>
            );
          })}
        </ol>
      )}
      <div>
        <Button type="button" variant="outline" size="sm" onClick={add}>
          <Plus className="size-4" aria-hidden="true" />
          Thêm {itemName.toLowerCase()}
        </Button>
      </div>
    </>
  );
}

function ItemFields({
  idPrefix,
  fields,
  item,
  onChange,
}: {
  idPrefix: string;
  fields: ItemField[];
  item: Item;
  onChange: (next: Item) => void;
}) {
  const set = (field: ItemField, value: unknown) => {
    const next = { ...item };
    if (field.optional && (value === "" || value === undefined)) delete next[field.name];
    else next[field.name] = value;
    onChange(next);
  };
  return (
    <div className="grid gap-3 md:grid-cols-2">
      {fields.map((field) => (
        <ItemFieldControl
          key={field.name}
          id={`${idPrefix}-${field.name}`}
          field={field}
          value={item[field.name]}
          onChange={(value) => set(field, value)}
        />
      ))}
    </div>
  );
}

function ItemFieldControl({
  id,
  field,
  value,
  onChange,
}: {
  id: string;
  field: ItemField;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const text = typeof value === "string" || typeof value === "number" ? String(value) : "";
  const wide = field.kind === "textarea" || field.kind === "lines" || field.kind === "image";
  const label = (
    <>
      {field.label}
      {field.optional && <span className="font-normal text-brand-cool-gray"> (không bắt buộc)</span>}
    </>
  );
  return (
    <FormField id={id} label={label} hint={field.hint} className={wide ? "md:col-span-2" : undefined}>
      {(control) => {
        if (field.kind === "textarea") {
          return <Textarea {...control} value={text} rows={3} onChange={(e) => onChange(e.currentTarget.value)} />;
        }
        if (field.kind === "lines") {
          const lines = Array.isArray(value) ? value.map(String) : [];
          return (
            <Textarea
              {...control}
              value={lines.join("\n")}
              rows={Math.max(3, lines.length)}
              onChange={(e) => onChange(e.currentTarget.value.split("\n"))}
            />
          );
        }
        if (field.kind === "rating") {
          return (
            <Input
              {...control}
              type="number"
              min={0}
              max={5}
              step={1}
              inputMode="numeric"
              value={text}
              onChange={(e) => {
                const raw = e.currentTarget.value;
                onChange(raw === "" || !Number.isFinite(Number(raw)) ? raw : Number(raw));
              }}
            />
          );
        }
        if (field.kind === "palette") {
          const known = paletteOptions.some((o) => o.value === text);
          return (
            <Select {...control} value={text} onChange={(e) => onChange(e.currentTarget.value)}>
              {!known && <option value={text}>{text || "(chưa chọn)"}</option>}
              {paletteOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          );
        }
        if (field.kind === "image") {
          return (
            <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
              <Input
                {...control}
                value={text}
                className="sm:flex-1"
                spellCheck={false}
                onChange={(e) => onChange(e.currentTarget.value)}
              />
              <ImagePreview src={text} alt="" className="w-32 shrink-0" />
            </div>
          );
        }
        return (
          <Input
            {...control}
            value={text}
            spellCheck={field.kind === "text" ? undefined : false}
            onChange={(e) => onChange(e.currentTarget.value)}
          />
        );
      }}
    </FormField>
  );
}
