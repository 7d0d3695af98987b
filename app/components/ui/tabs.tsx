import * as TabsPrimitive from "@radix-ui/react-tabs";
import type { ComponentProps } from "react";
import { cn } from "./cn";

/** Tabs (Radix): arrow keys move between tabs; the panel follows. */
export const Tabs = TabsPrimitive.Root;

/** "pills": the console's segmented control; "underline": the storefront's product tabs. */
type TabsVariant = "pills" | "underline";

const listStyles: Record<TabsVariant, string> = {
  pills: "flex w-full gap-1 overflow-x-auto rounded-xl border border-brand-charcoal/10 bg-white p-1 shadow-xs",
  underline: "grid grid-cols-2 border-b border-brand-charcoal/10 sm:flex sm:gap-1",
};

const triggerStyles: Record<TabsVariant, string> = {
  pills:
    "inline-flex min-h-10 shrink-0 items-center justify-center gap-2 rounded-lg px-3 text-sm font-medium whitespace-nowrap text-brand-charcoal hover:bg-brand-white data-[state=active]:bg-brand-charcoal data-[state=active]:text-white",
  underline:
    "-mb-px min-h-12 shrink-0 border-b-2 border-transparent px-2 text-xs font-bold tracking-[0.12em] whitespace-nowrap text-brand-cool-gray hover:text-brand-charcoal data-[state=active]:border-brand-charcoal data-[state=active]:text-brand-charcoal sm:px-4 sm:text-sm sm:tracking-[0.14em]",
};

export function TabsList({
  className,
  variant = "pills",
  ...props
}: ComponentProps<typeof TabsPrimitive.List> & { variant?: TabsVariant }) {
  return <TabsPrimitive.List className={cn(listStyles[variant], className)} {...props} />;
}

export function TabsTrigger({
  className,
  variant = "pills",
  ...props
}: ComponentProps<typeof TabsPrimitive.Trigger> & { variant?: TabsVariant }) {
  return <TabsPrimitive.Trigger className={cn(triggerStyles[variant], className)} {...props} />;
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
