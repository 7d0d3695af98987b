import { Suspense, useRef, useState, type ComponentProps, type ReactNode, type RefObject } from "react";
import { useOpenedOnce } from "./use-opened-once";

export interface LazyDialogControls {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button, for focus to return to when the dialog closes. */
  trigger: RefObject<HTMLButtonElement | null>;
}

interface LazyDialogButtonProps extends Omit<ComponentProps<"button">, "onClick"> {
  /** Starts loading the dialog's code (called on hover, so a click rarely waits). */
  preload: () => unknown;
  /** The dialog (a React.lazy component), mounted from the first open on. */
  dialog: (controls: LazyDialogControls) => ReactNode;
}

/**
 * A button that opens a dialog whose code loads on first use: nothing of the dialog is in the
 * page's first load, and after the first open it stays mounted (closing animates, reopening is
 * instant). With `type="submit"` inside a form, the button does the form's job until the page is
 * interactive (or without JavaScript): a press then opens the dialog instead.
 */
export function LazyDialogButton({ preload, dialog, children, ...buttonProps }: LazyDialogButtonProps) {
  const [open, setOpen] = useState(false);
  const mounted = useOpenedOnce(open);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        type="button"
        {...buttonProps}
        ref={trigger}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
        onPointerEnter={() => void preload()}
        aria-haspopup="dialog"
        aria-expanded={open}
      >
        {children}
      </button>
      {mounted && <Suspense fallback={null}>{dialog({ open, onOpenChange: setOpen, trigger })}</Suspense>}
    </>
  );
}
