import * as DialogPrimitive from "@radix-ui/react-dialog";
import { Search, X } from "~/components/ui/icons";
import { useId, type RefObject } from "react";
import { Form } from "react-router";
import { useI18n } from "~/lib/i18n/i18n-context";

interface SearchDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The header's search button, focused again when the dialog closes. */
  trigger: RefObject<HTMLButtonElement | null>;
}

/** The search box (Escape closes) that submits GET /search?q=; loaded when the search button is first pressed. */
export function SearchDialog({ open, onOpenChange, trigger }: SearchDialogProps) {
  const id = useId();
  const { t, href } = useI18n();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-brand-charcoal/50 uvc-sheet-overlay" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
          className="fixed inset-x-0 top-0 z-50 bg-white px-4 py-5 shadow-xl outline-none md:py-8"
        >
          <DialogPrimitive.Title className="sr-only">{t("catalog.search.label")}</DialogPrimitive.Title>
          <Form
            method="get"
            action={href("/search")}
            role="search"
            onSubmit={() => onOpenChange(false)}
            className="mx-auto flex max-w-3xl items-center gap-2"
          >
            <label htmlFor={`${id}-q`} className="sr-only">
              {t("catalog.search.label")}
            </label>
            <div className="relative flex-1">
              <Search className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-brand-cool-gray" aria-hidden="true" />
              <input
                id={`${id}-q`}
                type="search"
                name="q"
                required
                autoFocus
                autoComplete="off"
                enterKeyHint="search"
                placeholder={t("catalog.search.placeholder")}
                // The dialog's close button is its one "×": the browser's own clear button beside it read as a second.
                className="h-12 w-full rounded-full border border-brand-charcoal/20 bg-brand-white pr-4 pl-12 text-base focus-visible:border-brand-teal-strong [&::-webkit-search-cancel-button]:appearance-none"
              />
            </div>
            <button
              type="submit"
              className="hidden h-12 rounded-full bg-brand-charcoal px-6 text-sm font-medium text-white hover:bg-brand-charcoal/90 sm:inline-flex sm:items-center"
            >
              {t("catalog.search.submit")}
            </button>
            <DialogPrimitive.Close
              aria-label={t("catalog.search.close")}
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-brand-charcoal/5"
            >
              <X className="size-5" aria-hidden="true" />
            </DialogPrimitive.Close>
          </Form>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
