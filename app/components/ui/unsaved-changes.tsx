import { useEffect, useState, type ReactNode, type RefObject } from "react";
import { useBlocker } from "react-router";
import { cn } from "./cn";
import { ConfirmDialog } from "./confirm-dialog";

/** What the console asks before a page with unsaved changes is left (issue 18). */
export const UNSAVED_CHANGES_QUESTION = "Bạn có thay đổi chưa lưu. Rời trang?";
export const UNSAVED_CHANGES_LABEL = "Có thay đổi chưa lưu";

/**
 * Guards a form with unsaved changes: leaving for another console page (a link, the back
 * button, another page of the same list) asks first, with "Ở lại" and "Rời trang"; closing or
 * reloading the tab gets the browser's own question. A submission to the page itself is never
 * held. Render it once per form; `dirty` false (e.g. after saving) lets every navigation through.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when a value is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);
  // Changes saved (or undone) while the question is open: go on.
  useEffect(() => {
    if (blocker.state === "blocked" && !dirty) blocker.proceed();
  }, [blocker, dirty]);
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => {
        if (!open && blocker.state === "blocked") blocker.reset();
      }}
      title={UNSAVED_CHANGES_LABEL}
      description={`${UNSAVED_CHANGES_QUESTION} Những gì bạn vừa nhập sẽ không được lưu.`}
      cancelLabel="Ở lại"
      confirmLabel="Rời trang"
      onConfirm={() => blocker.state === "blocked" && blocker.proceed()}
    />
  );
}

/** A form's values as one comparable string (files by name and size). */
function snapshot(form: HTMLFormElement): string {
  const parts: string[] = [];
  for (const [name, value] of new FormData(form).entries()) {
    parts.push(`${name}=${typeof value === "string" ? value : `${value.name}:${value.size}`}`);
  }
  return parts.join("\u0000");
}

/**
 * Whether a form's values differ from what they were when it was shown, or when `savedKey` last
 * changed (pass what changes on a successful save: the row's version, the action's answer…).
 * Read from the form itself, so it works for any form without its fields' state.
 */
export function useFormDirty(form: RefObject<HTMLFormElement | null>, savedKey?: unknown): boolean {
  // Tied to the savedKey it was measured against: a new key (a save) starts clean.
  const [state, setState] = useState<{ key: unknown; dirty: boolean }>({ key: savedKey, dirty: false });
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    const baseline = snapshot(element);
    let frame = 0;
    const check = () => {
      cancelAnimationFrame(frame);
      // After React has applied the change (controlled fields, switches, lists).
      frame = requestAnimationFrame(() => {
        if (element.isConnected) setState({ key: savedKey, dirty: snapshot(element) !== baseline });
      });
    };
    const events = ["input", "change", "click", "keyup", "reset"] as const;
    for (const type of events) document.addEventListener(type, check, true);
    return () => {
      cancelAnimationFrame(frame);
      for (const type of events) document.removeEventListener(type, check, true);
    };
  }, [form, savedKey]);
  return state.key === savedKey && state.dirty;
}

/**
 * The bottom bar of a long console form: its save button stays in view while the form scrolls
 * (as Shopify's), with "Có thay đổi chưa lưu" when there is something to save. It sticks to the
 * bottom of the window only while its form is on screen, and sits in the flow at the form's end.
 */
export function StickySaveBar({
  dirty,
  className,
  children,
}: {
  dirty: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      data-sticky-save-bar
      className={cn(
        "sticky bottom-0 z-20 flex flex-wrap items-center justify-end gap-x-3 gap-y-2 rounded-xl border border-brand-charcoal/10 bg-white/95 px-3 py-3 shadow-[0_-6px_16px_-10px_rgba(34,47,56,0.35)] backdrop-blur sm:px-4",
        className,
      )}
    >
      <p role="status" className="mr-auto flex items-center gap-2 text-sm font-medium text-brand-charcoal">
        {dirty && (
          <>
            <span className="size-2 rounded-full bg-amber-500" aria-hidden="true" />
            {UNSAVED_CHANGES_LABEL}
          </>
        )}
      </p>
      {children}
    </div>
  );
}
