import { cn } from "~/components/ui/cn";

/** A form-level message (role=alert so screen readers announce it after a submit). */
export function FormAlert({ message, className }: { message?: string | null; className?: string }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className={cn("rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800", className)}
    >
      {message}
    </p>
  );
}
