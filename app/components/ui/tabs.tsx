import * as TabsPrimitive from "@radix-ui/react-tabs";
import type { ComponentProps } from "react";
import { cn } from "./cn";

/** Tabs (Radix): arrow keys move between tabs, the panel follows. */
export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn("flex gap-1 overflow-x-auto border-b border-brand-charcoal/10", className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        "-mb-px min-h-12 shrink-0 border-b-2 border-transparent px-4 text-sm font-bold tracking-[0.14em] whitespace-nowrap text-brand-cool-gray hover:text-brand-charcoal data-[state=active]:border-brand-charcoal data-[state=active]:text-brand-charcoal",
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn("py-6 outline-none", className)} {...props} />;
}
