import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import type { FetcherWithComponents } from "react-router";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Textarea } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { fieldError, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";

/*
 * The order page's dialogs that post a note through the page's fetcher (staff cancel, buyer
 * cancel, block the phone): one set of rules for when they close and which answer they show.
 */

/**
 * The state of such a dialog, mounted afresh on every opening (keyed by its `open`): the answer
 * to this opening's post only, closed once that post went through, and — when `requiredMessage`
 * is given — a blank `reason` refused in the browser with the focus on it.
 */
export function useReasonDialog<T extends ActionFeedbackResult<unknown>>(
  fetcher: FetcherWithComponents<T>,
  onOpenChange: (open: boolean) => void,
  requiredMessage?: string,
) {
  const [reasonError, setReasonError] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";
  // An earlier opening's answer is not this one's.
  const [answerAtMount] = useState(fetcher.data);
  const answer = fetcher.data !== answerAtMount ? fetcher.data : undefined;
  const error = reasonError ?? fieldError(answer, "reason") ?? null;
  const submitted = useRef(false);

  useEffect(() => {
    if (submitted.current && fetcher.state === "idle" && fetcher.data) {
      submitted.current = false;
      if (fetcher.data.ok) onOpenChange(false);
    }
  }, [fetcher.state, fetcher.data, onOpenChange]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (requiredMessage !== undefined && String(form.get("reason") ?? "").trim() === "") {
      setReasonError(requiredMessage);
      event.currentTarget.querySelector<HTMLElement>("[name=reason]")?.focus();
      return;
    }
    setReasonError(null);
    submitted.current = true;
    void fetcher.submit(form, { method: "post" });
  }

  return { busy, answer, error, onSubmit };
}

/** The required `reason` textarea, its error under it. */
export function ReasonField({ id, label, error }: { id: string; label: string; error: string | null }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>
        {label}
        <span className="text-red-700" aria-hidden="true">
          {" "}
          *
        </span>
      </Label>
      <Textarea
        id={id}
        name="reason"
        rows={3}
        maxLength={500}
        required
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Such a dialog around its fields: title and description, the form posting through
 * `useReasonDialog`, then the footer. `alert` (an irreversible step, e.g. a cancellation) makes it
 * an alertdialog.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  state,
  title,
  description,
  label,
  busyLabel,
  alert = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  state: ReturnType<typeof useReasonDialog>;
  title: ReactNode;
  description: ReactNode;
  label: string;
  busyLabel: string;
  alert?: boolean;
  /** The hidden inputs (intent, version…) and the fields. */
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="sm" {...(alert ? { role: "alertdialog" } : {})}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form method="post" onSubmit={state.onSubmit} noValidate className="flex flex-col gap-4">
          {children}
          <ReasonDialogFooter
            answer={state.answer}
            busy={state.busy}
            onBack={() => onOpenChange(false)}
            label={label}
            busyLabel={busyLabel}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The refusal that belongs to no field (a reason's stands under it), then "Quay lại" and the red submit. */
function ReasonDialogFooter({
  answer,
  busy,
  onBack,
  label,
  busyLabel,
}: {
  answer: ActionFeedbackResult<unknown> | undefined;
  busy: boolean;
  onBack: () => void;
  label: string;
  busyLabel: string;
}) {
  return (
    <>
      {answer && !answer.ok && !answer.fieldErrors?.reason && (
        <p role="alert" className="text-sm text-red-700">
          {answer.error}
        </p>
      )}
      <DialogFooter className="mt-2">
        <Button type="button" variant="ghost" onClick={onBack} disabled={busy}>
          Quay lại
        </Button>
        <Button type="submit" variant="destructive" disabled={busy}>
          {busy ? busyLabel : label}
        </Button>
      </DialogFooter>
    </>
  );
}
