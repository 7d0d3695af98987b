import * as LabelPrimitive from "@radix-ui/react-label";
import type { ComponentProps } from "react";
import { cn } from "~/components/ui/cn";

interface FieldProps extends ComponentProps<"input"> {
  id: string;
  label: string;
  /** Shown under the input and linked with aria-describedby. */
  error?: string;
  hint?: string;
}

/** A labelled text input with its error message (admin forms). */
export function Field({ id, label, error, hint, className, ...props }: FieldProps) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <LabelPrimitive.Root htmlFor={id} className="text-sm font-medium text-brand-charcoal">
        {label}
      </LabelPrimitive.Root>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          "h-11 w-full rounded-lg border border-brand-charcoal/20 bg-white px-3 text-base text-brand-charcoal placeholder:text-brand-cool-gray/70",
          "focus:border-brand-teal-strong focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1",
          error && "border-red-600",
          className,
        )}
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

/** A form-level message (role=alert so screen readers announce it after a submit). */
export function FormAlert({ message, className }: { message?: string | null; className?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={cn("rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800", className)}>
      {message}
    </p>
  );
}
