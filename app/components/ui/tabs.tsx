import * as TabsPrimitive from "@radix-ui/react-tabs";
import type { ComponentProps } from "react";
import { cn } from "./cn";

/** Tabs (Radix): arrow keys move between tabs, the panel follows. */
export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn("grid grid-cols-2 border-b border-brand-charcoal/10 sm:flex sm:gap-1", className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        "-mb-px min-h-12 shrink-0 border-b-2 border-transparent px-2 text-xs font-bold tracking-[0.12em] whitespace-nowrap sm:px-4 sm:text-sm sm:tracking-[0.14em] text-brand-cool-gray hover:text-brand-charcoal data-[state=active]:border-brand-charcoal data-[state=active]:text-brand-charcoal",
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn("py-6 outline-none", className)} {...props} />;
}
