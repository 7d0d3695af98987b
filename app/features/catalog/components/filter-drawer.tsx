import type { ReactNode } from "react";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "~/components/ui/sheet";

/** Phones: the filter panel in a drawer from the left (loaded when the Filter button is first pressed). */
export function FilterDrawer({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" closeLabel="Close filters" className="max-w-sm">
        <SheetHeader>
          <SheetTitle>Filter products</SheetTitle>
          <SheetDescription>Changes apply right away.</SheetDescription>
        </SheetHeader>
        <div className="flex-1 p-5 pb-0">{children}</div>
      </SheetContent>
    </Sheet>
  );
}
