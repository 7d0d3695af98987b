import type { ComponentProps } from "react";
import { cn } from "./cn";

/** The frame every field shares; the text size is set per kind (cn() does not merge conflicting classes). */
const fieldFrame =
  "w-full rounded-lg border border-brand-charcoal/25 px-3 text-brand-charcoal placeholder:text-brand-cool-gray/80 focus:border-brand-teal-strong focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1 disabled:cursor-not-allowed disabled:bg-brand-white aria-[invalid=true]:border-red-600";
/** 16 px on phones (no zoom on focus in iOS Safari), 14 px from the sm breakpoint. */
const fieldText = "text-base sm:text-sm";

/** A text input; `aria-invalid` turns its border red, `readOnly` its background grey; `dense`: 36 px high (toolbars). */
export function Input({ className, dense = false, ...props }: ComponentProps<"input"> & { dense?: boolean }) {
  return (
    <input
      className={cn(
        fieldFrame,
        fieldText,
        dense ? "h-9" : "h-11",
        props.readOnly ? "bg-brand-charcoal/5" : "bg-white",
        className,
      )}
      {...props}
    />
  );
}

/** A multi-line text input; `code`: monospaced and small, for JSON and markup. */
export function Textarea({
  className,
  rows = 4,
  code = false,
  ...props
}: ComponentProps<"textarea"> & { code?: boolean }) {
  return (
    <textarea
      rows={rows}
      className={cn(
        fieldFrame,
        "min-h-20 bg-white py-2",
        code ? "font-mono text-xs leading-5" : "text-base leading-relaxed sm:text-sm",
        className,
      )}
      {...props}
    />
  );
}

/** A native select styled like the inputs (keyboard and screen readers work as usual); its chevron is in app.css. */
export function Select({
  className,
  dense = false,
  children,
  ...props
}: ComponentProps<"select"> & { /** 36 px high (toolbars). */ dense?: boolean }) {
  return (
    <select
      className={cn(
        fieldFrame,
        fieldText,
        "select-chevron appearance-none bg-white pr-9",
        dense ? "h-9" : "h-11",
        className,
      )}
      {...props}
    >
      {children}
    </select>
  );
}
