import type { ReactNode } from "react";
import { useI18n } from "~/lib/i18n/i18n-context";
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
  const { t } = useI18n();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" closeLabel={t("catalog.filters.close")} width="max-w-sm">
        <SheetHeader>
          <SheetTitle>{t("catalog.filters.drawerTitle")}</SheetTitle>
          <SheetDescription>{t("catalog.filters.drawerDescription")}</SheetDescription>
        </SheetHeader>
        <div className="flex-1 p-5 pb-0">{children}</div>
      </SheetContent>
    </Sheet>
  );
}
