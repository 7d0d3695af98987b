import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/components/ui/cn";

export const inputClass =
  "h-12 w-full rounded-lg border border-brand-charcoal/25 bg-white px-3 text-base text-brand-charcoal placeholder:text-brand-cool-gray focus:border-brand-teal-strong focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1 disabled:bg-brand-charcoal/5";

interface CheckoutFieldProps extends ComponentProps<"input"> {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled input with its message (aria-invalid and aria-describedby wired). */
export function CheckoutField({ id, label, error, hint, className, ...props }: CheckoutFieldProps) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(inputClass, error && "border-red-700")}
        {...props}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-brand-cool-gray">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
