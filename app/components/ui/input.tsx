import type { ComponentProps } from "react";
import { cn } from "./cn";

const fieldClasses =
  "w-full rounded-lg border border-brand-charcoal/25 bg-white px-3 text-base text-brand-charcoal placeholder:text-brand-cool-gray/80 focus:border-brand-teal-strong focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1 disabled:cursor-not-allowed disabled:bg-brand-white aria-[invalid=true]:border-red-600 sm:text-sm";

/** A text input; `aria-invalid` turns its border red. */
export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(fieldClasses, "h-11", className)} {...props} />;
}

/** A multi-line text input. */
export function Textarea({ className, rows = 4, ...props }: ComponentProps<"textarea">) {
  return <textarea rows={rows} className={cn(fieldClasses, "min-h-20 py-2 leading-relaxed", className)} {...props} />;
}

/** A native select styled like the inputs (keyboard and screen readers work as usual). */
export function Select({ className, children, ...props }: ComponentProps<"select">) {
  return (
    <select
      className={cn(
        fieldClasses,
        "h-11 appearance-none bg-[url('data:image/svg+xml;utf8,<svg xmlns=%22http://www.w3.org/2000/svg%22 viewBox=%220 0 20 20%22 fill=%22%23222f38%22><path d=%22M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z%22/></svg>')] bg-[length:1.25rem] bg-[right_0.6rem_center] bg-no-repeat pr-9",
        className,
      )}
      {...props}
    >
      {children}
    </select>
  );
}
