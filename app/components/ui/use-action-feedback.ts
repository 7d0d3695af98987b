import { useEffect, useRef } from "react";
import { toast } from "~/components/ui/toast";
import { flashMessages, type Flash } from "~/lib/flash";

/*
 * The client side of the one form-action pipeline (app/server/form-action.server.ts): toasts
 * for an action's answer, shown once per answer; a field's error; the flash notice a redirect
 * handed over (app/server/flash.server.ts).
 */

/** An action's answer as the browser sees it (FormResult in app/server/form-action.server.ts); R is the payload. */
export type ActionFeedbackResult<R = unknown> =
  | { ok: true; intent: string; result?: R }
  | { ok: false; intent: string; error: string; fieldErrors?: Record<string, string>; result?: R };

export interface ToastText {
  title: string;
  description?: string;
}

export interface ActionFeedbackOptions<T extends ActionFeedbackResult> {
  /** The success toast by intent (none for an intent not listed), or computed from the answer. */
  success?: Record<string, ToastText> | ((result: Extract<T, { ok: true }>) => ToastText | null);
  /** The error toast's title ("Lỗi" unless told); its description is the answer's message. */
  errorTitle?: (intent: string) => string;
  /** The whole error toast, when it is not "title + the answer's message". */
  errorText?: (result: Extract<T, { ok: false }>) => ToastText;
  /** A button on the error toast (e.g. "Tải lại" when the row changed meanwhile). */
  errorAction?: (result: Extract<T, { ok: false }>) => { label: string; onClick: () => void } | undefined;
  /** One toast on screen for all answers of this kind (a later answer replaces it). */
  toastId?: string;
  /** Wait while true (e.g. the fetcher still reloading the page's data) before showing the toast. */
  pending?: boolean;
  onSuccess?: (result: Extract<T, { ok: true }>) => void;
  /** Called after a refusal's toast (e.g. to undo what the refusal says no longer holds). */
  onError?: (result: Extract<T, { ok: false }>) => void;
}

/** Shows one toast per action answer (SPEC §8), and calls `onSuccess` after a success (e.g. to close a dialog). */
export function useActionFeedback<T extends ActionFeedbackResult>(
  result: T | undefined,
  options: ActionFeedbackOptions<T>,
) {
  const seen = useRef<T | undefined>(undefined);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const pending = options.pending ?? false;
  useEffect(() => {
    if (pending || !result || seen.current === result) return;
    seen.current = result;
    const { success, errorTitle, errorText, errorAction, onSuccess, onError, toastId } = latest.current;
    if (result.ok) {
      const done = result as Extract<T, { ok: true }>;
      const text = typeof success === "function" ? success(done) : success?.[result.intent];
      if (text) toast.success(text.title, { id: toastId, description: text.description });
      onSuccess?.(done);
    } else {
      const failed = result as Extract<T, { ok: false }>;
      const text = errorText?.(failed) ?? { title: errorTitle?.(result.intent) ?? "Lỗi", description: failed.error };
      toast.error(text.title, { id: toastId, description: text.description, action: errorAction?.(failed) });
      onError?.(failed);
    }
  }, [result, pending]);
}

/** The message of one field in an action's answer, if it was refused for that field. */
export function fieldError(result: ActionFeedbackResult | undefined, name: string): string | undefined {
  return result && !result.ok ? result.fieldErrors?.[name] : undefined;
}

/** Shows a one-shot notice handed over by the server (flash.server.ts), once per notice id. */
export function useFlashToast(flash: Flash | null | undefined) {
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!flash || shown.current === flash.id) return;
    shown.current = flash.id;
    const message = flashMessages[flash.kind];
    const show = message.warning ? toast.warning : toast.success;
    show(message.title, { id: flash.id, description: message.description });
  }, [flash]);
}
