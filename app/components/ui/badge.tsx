import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "./cn";

export const badgeVariants = cva("inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold", {
  variants: {
    variant: {
      neutral: "bg-brand-charcoal/8 text-brand-charcoal",
      success: "bg-emerald-100 text-emerald-900",
      warning: "bg-amber-100 text-amber-900",
      danger: "bg-red-100 text-red-900",
      info: "bg-brand-white text-brand-teal-strong ring-1 ring-brand-teal-strong/30",
    },
  },
  defaultVariants: { variant: "neutral" },
});

/** A status pill; `wrap`: its text may break over lines (a narrow column). */
export function Badge({
  className,
  variant,
  wrap = false,
  ...props
}: ComponentProps<"span"> & VariantProps<typeof badgeVariants> & { wrap?: boolean }) {
  return (
    <span
      className={cn(badgeVariants({ variant }), wrap ? "whitespace-normal" : "whitespace-nowrap", className)}
      {...props}
    />
  );
}
