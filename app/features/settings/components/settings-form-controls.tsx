import { useRef, useState, type ReactNode } from "react";
import { useActionData, useFetcher, useLoaderData } from "react-router";
import { StickySaveBar, UnsavedChangesGuard, useFormDirty } from "~/components/ui/unsaved-changes";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { FormField, Label } from "~/components/ui/label";
import { useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { StaleRowNotice, staleRowErrorOf, useFormRowVersion, useReloadForms } from "~/components/ui/stale-row-notice";
import { Switch } from "~/components/ui/switch";
import type { EditableGroup } from "~/features/settings/settings-form";
import type { SettingsKey } from "~/features/settings/settings.schema";
import { formatVnd } from "~/lib/money";

/* The settings tabs' shared form and fields (one file so each tab's form may live in its own). */

interface SettingsFormProps {
  group: EditableGroup;
  title: string;
  description: string;
  children: (errors: Record<string, string>) => ReactNode;
}

/**
 * One tab's form: posts its group with the version it opened with, shows the SPEC toast on
 * success and the field messages on failure; a group saved since (another tab) gets the notice
 * with "Tải lại", which mounts the form again with the newest values.
 */
export function SettingsForm(props: SettingsFormProps) {
  const { generation, reload, reloading } = useReloadForms();
  return <SettingsFormBody key={generation} {...props} generation={generation} reload={reload} reloading={reloading} />;
}

function SettingsFormBody({
  group,
  title,
  description,
  children,
  generation,
  reload,
  reloading,
}: SettingsFormProps & { generation: number; reload: () => Promise<void>; reloading: boolean }) {
  const fetcher = useFetcher<ActionFeedbackResult<{ message: string; version: number }>>({ key: `settings-${group}-${generation}` });
  const { versions } = useLoaderData<{ versions: Record<SettingsKey, number> }>();
  // Posted without JavaScript, the form's answer comes back as the page's action data (no toast then).
  const posted = useActionData<ActionFeedbackResult<{ message: string; version: number }>>();
  const postedHere = fetcher.data === undefined && posted?.intent === group ? posted : undefined;
  const busy = fetcher.state !== "idle";
  const result = fetcher.data ?? postedHere;
  const version = useFormRowVersion(versions[group], result);
  const stale = staleRowErrorOf(result);
  useActionFeedback(result, {
    success: (saved) => (saved.result ? { title: saved.result.message } : null),
    errorText: (failed) => ({
      title: "Lỗi",
      description: failed.fieldErrors && !failed.fieldErrors.version ? "Vui lòng kiểm tra các trường được đánh dấu" : failed.error,
    }),
    pending: busy,
  });
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const form = useRef<HTMLFormElement>(null);
  // A save raises the version: what is in the form is then what is saved.
  const dirty = useFormDirty(form, version);

  return (
    <fetcher.Form
      ref={form}
      method="post"
      noValidate
      className="rounded-xl border border-brand-charcoal/10 bg-white p-5 shadow-xs sm:p-6"
    >
      <UnsavedChangesGuard dirty={dirty} />
      <input type="hidden" name="group" value={group} />
      <input type="hidden" name="version" value={version} />
      <h2 className="text-lg font-bold">{title}</h2>
      <p className="mt-1 text-sm text-brand-cool-gray">{description}</p>
      {postedHere && (
        <p role={postedHere.ok ? "status" : "alert"} className={postedHere.ok ? "mt-3 text-sm text-green-800" : "mt-3 text-sm text-red-700"}>
          {postedHere.ok
            ? postedHere.result?.message
            : postedHere.fieldErrors && !postedHere.fieldErrors.version
              ? "Vui lòng kiểm tra các trường được đánh dấu"
              : postedHere.error}
        </p>
      )}
      <div className="mt-5 grid gap-5 sm:grid-cols-2">{children(errors)}</div>
      {stale && (
        <div className="mt-5">
          <StaleRowNotice message={stale} onReload={() => void reload()} reloading={reloading} />
        </div>
      )}
      <StickySaveBar dirty={dirty} className="mt-6">
        <Button type="submit" disabled={busy}>
          {busy ? "Đang lưu..." : "Lưu thay đổi"}
        </Button>
      </StickySaveBar>
    </fetcher.Form>
  );
}

export function TextField({
  name,
  label,
  defaultValue,
  errors,
  hint,
  required,
  className,
  ...props
}: {
  name: string;
  label: string;
  defaultValue: string | number;
  errors: Record<string, string>;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
} & Omit<React.ComponentProps<"input">, "name" | "defaultValue" | "id">) {
  const id = `setting-${name.replace(/\./g, "-")}`;
  return (
    <FormField id={id} label={label} required={required} hint={hint} error={errors[name]} className={className}>
      {(control) => <Input {...control} name={name} defaultValue={defaultValue} {...props} />}
    </FormField>
  );
}

export function MoneyField({ name, label, value, errors }: { name: string; label: string; value: number; errors: Record<string, string> }) {
  const [text, setText] = useState(String(value));
  const digits = text.replace(/[\s.,₫đ]/gi, "");
  const preview = /^\d+$/.test(digits) ? formatVnd(Number(digits)) : null;
  return (
    <TextField
      name={name}
      label={label}
      defaultValue={value}
      errors={errors}
      inputMode="numeric"
      onChange={(e) => setText(e.currentTarget.value)}
      hint={preview ? `= ${preview}` : "Số tiền tính bằng đồng (VND)"}
      required
    />
  );
}

export function SwitchField({ name, label, description, defaultChecked }: { name: string; label: string; description: string; defaultChecked: boolean }) {
  const [checked, setChecked] = useState(defaultChecked);
  const id = `setting-${name}`;
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border border-brand-charcoal/10 p-4 sm:col-span-2">
      <div>
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="mt-1 text-xs text-brand-cool-gray">
          {description}
        </p>
      </div>
      <Switch id={id} name={name} checked={checked} onCheckedChange={setChecked} aria-describedby={`${id}-hint`} />
    </div>
  );
}

