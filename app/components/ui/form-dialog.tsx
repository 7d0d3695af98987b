import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { UnsavedChangesGuard, useFormDirty } from "./unsaved-changes";
import { useFetcher } from "react-router";
import type { ZodType } from "zod";
import { Button } from "./button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "./dialog";
import { StaleRowNotice, staleRowErrorOf, useReloadForms } from "./stale-row-notice";
import { fieldErrorsOf, formValues } from "~/lib/form-fields";
import { useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";

type SuccessToasts = Record<"create" | "update", { title: string; description: string }>;

/**
 * The state of a console create/edit dialog (categories, discounts): a fetcher form checked in
 * the browser with the server's zod schema (focus on the first bad field), the server's field
 * errors under their fields, a toast per answer, and the dialog closed on success.
 */
export function useDialogForm(schema: ZodType, success: SuccessToasts, onClose: () => void) {
  const fetcher = useFetcher<ActionFeedbackResult>();
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  useActionFeedback(fetcher.data, { success, onSuccess: onClose });
  const serverErrors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  const errors: Record<string, string | undefined> = { ...serverErrors, ...clientErrors };
  const busy = fetcher.state !== "idle";

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = schema.safeParse(formValues(new FormData(event.currentTarget)));
    if (parsed.success) {
      setClientErrors({});
      return;
    }
    event.preventDefault();
    const found = fieldErrorsOf(parsed.error);
    setClientErrors(found);
    event.currentTarget.querySelector<HTMLElement>(`[name="${Object.keys(found)[0]}"]`)?.focus();
  }

  return { fetcher, errors, busy, onSubmit };
}

/** The page's "Tải lại" as a dialog takes it. */
export type DialogReload = { run: () => void; busy: boolean };

/**
 * Which row a list page's create/edit dialog shows: none, a new one (`show("new")`) or a row by
 * id. The dialog takes the row when it mounts, and again after "Tải lại" (it is keyed by `key`).
 */
export function useRowDialog<T extends { id: number }>(rows: T[]) {
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const { generation, reload, reloading } = useReloadForms();
  const row = typeof editing === "number" ? rows.find((r) => r.id === editing) : undefined;
  const reloadForms: DialogReload = { run: () => void reload(), busy: reloading };
  return {
    open: editing === "new" || row !== undefined,
    row: row ?? null,
    key: row ? `${row.id}-${generation}` : "new",
    show: (which: number | "new") => setEditing(which),
    close: () => setEditing(null),
    reload: reloadForms,
  };
}

/**
 * A console create/edit dialog around its fields: title and description, the form of
 * `useDialogForm` posting intent `create`, or `update` with the row's id and the version read
 * when the dialog opened, then the footer.
 */
export function FormDialog({
  form,
  row,
  title,
  description,
  onClose,
  reload,
  children,
}: {
  form: ReturnType<typeof useDialogForm>;
  /** The row edited, null for a new one. */
  row: { id: number; version: number } | null;
  title: string;
  description: ReactNode;
  onClose: () => void;
  reload: DialogReload;
  children: ReactNode;
}) {
  const { fetcher, busy, onSubmit } = form;
  const editing = row !== null;
  // The version read when the dialog opened, whatever the page's data says later.
  const [version] = useState(row?.version);
  const element = useRef<HTMLFormElement>(null);
  const dirty = useFormDirty(element);
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <fetcher.Form ref={element} method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          {/* Going back or closing the tab with something typed asks first. */}
          <UnsavedChangesGuard dirty={dirty && !busy} />
          <input type="hidden" name="intent" value={editing ? "update" : "create"} />
          {editing && <input type="hidden" name="id" value={row.id} />}
          {editing && <input type="hidden" name="version" value={version} />}
          {children}
          <DialogFormFooter result={fetcher.data} busy={busy} editing={editing} onClose={onClose} reload={reload} />
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * An error that belongs to no field (or, for a row saved since the dialog opened, the notice
 * with "Tải lại"), then 'Hủy' and 'Tạo mới' / 'Cập nhật'.
 */
function DialogFormFooter({
  result,
  busy,
  editing,
  onClose,
  reload,
}: {
  result: ActionFeedbackResult | undefined;
  busy: boolean;
  editing: boolean;
  onClose: () => void;
  /** The page's "Tải lại" (useReloadForms), for an edit refused over a newer row. */
  reload: DialogReload;
}) {
  const stale = staleRowErrorOf(result);
  return (
    <>
      {stale && <StaleRowNotice message={stale} onReload={reload.run} reloading={reload.busy} />}
      {result && !result.ok && !result.fieldErrors && (
        <p role="alert" className="text-sm text-red-700">
          {result.error}
        </p>
      )}
      <DialogFooter className="mt-2">
        <Button variant="ghost" onClick={onClose} disabled={busy}>
          Hủy
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? "Đang lưu..." : editing ? "Cập nhật" : "Tạo mới"}
        </Button>
      </DialogFooter>
    </>
  );
}
