import { useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import type { ZodType } from "zod";
import { Button } from "~/components/ui/button";
import { DialogFooter } from "~/components/ui/dialog";
import { StaleRowNotice, staleRowErrorOf } from "~/components/ui/stale-row-notice";
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

/**
 * An error that belongs to no field (or, for a row saved since the dialog opened, the notice
 * with "Tải lại"), then 'Hủy' and 'Tạo mới' / 'Cập nhật'.
 */
export function DialogFormFooter({
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
  reload: { run: () => void; busy: boolean };
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
