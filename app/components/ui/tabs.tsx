import * as TabsPrimitive from "@radix-ui/react-tabs";
import type { ComponentProps } from "react";
import { cn } from "./cn";

/** Tabs (Radix): arrow keys move between tabs; the panel follows. */
export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn(
        "flex w-full gap-1 overflow-x-auto rounded-xl border border-brand-charcoal/10 bg-white p-1 shadow-xs",
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        "inline-flex min-h-10 shrink-0 items-center justify-center gap-2 rounded-lg px-3 text-sm font-medium whitespace-nowrap text-brand-charcoal hover:bg-brand-white data-[state=active]:bg-brand-charcoal data-[state=active]:text-white",
        className,
      )}
      {...props}
    />
  );
}

/**
 * A tab panel. With `keepMounted`, inactive panels stay in the DOM (hidden), so one form can
 * span several tabs and submit every field.
 */
export function TabsContent({
  className,
  keepMounted = false,
  ...props
}: ComponentProps<typeof TabsPrimitive.Content> & { keepMounted?: boolean }) {
  return (
    <TabsPrimitive.Content
      forceMount={keepMounted ? true : undefined}
      className={cn("mt-4 focus-visible:outline-2 focus-visible:outline-offset-2 data-[state=inactive]:hidden", className)}
      {...props}
    />
  );
}
