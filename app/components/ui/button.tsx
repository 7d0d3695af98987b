import { Slot } from "./slot";
import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "./cn";

export const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-full font-medium tracking-wide transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        /** Charcoal on white: the main call to action. */
        primary: "bg-brand-charcoal text-white hover:bg-brand-charcoal/90",
        /** Dark teal (4.5:1 with white text). */
        teal: "bg-brand-teal-strong text-white hover:bg-[#196663]",
        /** White on dark backgrounds. */
        light: "bg-white text-brand-charcoal hover:bg-brand-white",
        outline:
          "border-2 border-brand-charcoal bg-transparent text-brand-charcoal hover:bg-brand-charcoal hover:text-white",
        ghost: "bg-transparent text-brand-charcoal hover:bg-brand-charcoal/5",
        /** Red text on white: deleting, cancelling, turning off. */
        danger: "bg-transparent text-red-800 hover:bg-red-50",
        /** White on red: the confirming button of a destructive dialog. */
        destructive: "bg-red-700 text-white hover:bg-red-800",
      },
      /**
       * `null`: no size classes, the caller's own height and padding (cn() does not merge
       * conflicting classes, so a size's classes cannot be overridden through className).
       */
      size: {
        sm: "h-9 px-4 text-sm whitespace-nowrap",
        md: "h-11 px-6 text-sm whitespace-nowrap",
        lg: "h-13 px-8 text-base whitespace-nowrap",
        icon: "size-11 [&_svg]:size-5",
      },
    },
    defaultVariants: { variant: "primary", size: "md" },
  },
);

export type ButtonProps = ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element (a Link, an a) with the button's styles. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot : "button";
  return (
    <Comp
      data-slot="button"
      className={cn(buttonVariants({ variant, size }), className)}
      {...(asChild ? {} : { type: type ?? "button" })}
      {...props}
    />
  );
}
