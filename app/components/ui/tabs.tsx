import * as TabsPrimitive from "@radix-ui/react-tabs";
import type { ComponentProps } from "react";
import { cn } from "./cn";

/** Tabs (Radix): arrow keys move between tabs; the panel follows. */
export const Tabs = TabsPrimitive.Root;

const listStyles = "flex w-full flex-wrap gap-1 rounded-xl border border-brand-charcoal/10 bg-white p-1 shadow-xs";

const triggerStyles =
  "inline-flex min-h-10 shrink-0 items-center justify-center gap-2 rounded-lg px-3 text-sm font-medium whitespace-nowrap text-brand-charcoal hover:bg-brand-white data-[state=active]:bg-brand-charcoal data-[state=active]:text-white";

/**
 * The console's segmented control (the storefront's product tabs: catalog/components/product-tabs.tsx).
 * It wraps rather than scrolls: a scrolled tab row hid tabs and, between two Radix focus moves,
 * was a scroll region with nothing focusable in it (axe: scrollable-region-focusable).
 */
export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return <TabsPrimitive.List className={cn(listStyles, className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return <TabsPrimitive.Trigger className={cn(triggerStyles, className)} {...props} />;
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
