import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "./icons";
import type { ComponentProps } from "react";
import { cn } from "./cn";

/** A panel that slides in from a side of the screen (menus, drawers), built on Radix Dialog. */
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;

const sideClasses = {
  left: "inset-y-0 left-0 h-full w-[85vw] border-r uvc-sheet-left",
  right: "inset-y-0 right-0 h-full w-[85vw] border-l uvc-sheet-right",
  bottom: "inset-x-0 bottom-0 max-h-[85vh] rounded-t-2xl border-t uvc-sheet-bottom",
} as const;

export function SheetContent({
  side = "right",
  className,
  children,
  closeLabel = "Close",
  width = "max-w-md",
  scrolls = true,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & {
  side?: keyof typeof sideClasses;
  closeLabel?: string;
  /** Its widest (a side panel is 85 % of a phone's width). */
  width?: "max-w-xs" | "max-w-sm" | "max-w-md";
  /** False when its content scrolls its own parts (the cart drawer's lines). */
  scrolls?: boolean;
}) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-brand-charcoal/50 uvc-sheet-overlay" />
      <DialogPrimitive.Content
        className={cn(
          "fixed z-50 flex flex-col border-brand-charcoal/10 bg-white shadow-xl outline-none",
          scrolls ? "overflow-y-auto" : "overflow-hidden",
          side !== "bottom" && width,
          sideClasses[side],
          className,
        )}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-full text-brand-charcoal hover:bg-brand-charcoal/5"
          aria-label={closeLabel}
        >
          <X className="size-5" aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function SheetHeader({ className, ...props }: ComponentProps<"div">) {
  return (
    <div className={cn("flex flex-col gap-1 border-b border-brand-charcoal/10 p-5 pr-16", className)} {...props} />
  );
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("text-lg font-bold text-brand-charcoal", className)} {...props} />;
}

export function SheetDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("text-sm text-brand-cool-gray", className)} {...props} />;
}
